// docs/benchmarks.md from the JSON results `npm run bench` (and `bench:peer`, `bench:triggers`) write to
// bench-results/: each benchmark's figures in a table beside its goal where the bench has one. Each section
// is taken from the newest results file that holds it, so a part left out of a run (BENCH_PEER=0, …) keeps
// its last figures, with their date. `npm run bench` calls `writeBenchMarkdown` after writing its JSON;
// `node scripts/bench/write-markdown.mjs [results.json …]` writes the page again from files already there
// (default: every file in bench-results/). The output is already as prettier formats it (lint checks docs/).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** Goals the bench prints beside its figures; the trigger ratio and the CI target travel in the JSON. */
export const GOALS = { sandboxCostPct: 10, peerSpeedup: 1.5 }

/** The machine a bench ran on, stored with its results. */
export function machineInfo() {
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model?.trim() || 'unknown',
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    loadAverage: Math.round(loadavg()[0] * 100) / 100,
  }
}

/** Every results file of a folder, parsed; a file that is not a results document is skipped. */
export function readBenchResults(dir) {
  let names
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'))
  } catch {
    return []
  }
  return names.flatMap((name) => {
    try {
      const report = JSON.parse(readFileSync(join(dir, name), 'utf8'))
      return report && typeof report.date === 'string' ? [{ ...report, file: name }] : []
    } catch {
      return []
    }
  })
}

/** Writes `<root>/docs/benchmarks.md` from the results in `<root>/bench-results` (or the given ones). */
export function writeBenchMarkdown(root, reports = readBenchResults(join(root, 'bench-results'))) {
  const file = join(root, 'docs', 'benchmarks.md')
  writeFileSync(file, benchMarkdown(reports))
  return file
}

// ---- numbers, in one style everywhere ----

const grouped = (n) => {
  const [int, frac] = String(n).split('.')
  const sign = int.startsWith('-') ? '−' : ''
  const digits = int.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${digits}${frac ? `.${frac}` : ''}`
}
/** Milliseconds, as seconds from 10 s on. */
const ms = (x) => (x >= 10_000 ? `${grouped((x / 1000).toFixed(1))} s` : `${grouped(Math.round(x))} ms`)
const pct = (share) => `${(share * 100).toFixed(1)}%`
const times = (x) => `${x}×`

/** A markdown table padded as prettier pads it (every cell one width-1 character per code point). */
function table(head, rows) {
  const width = (s) => [...s].length
  const widths = head.map((h, i) => Math.max(3, width(h), ...rows.map((r) => width(r[i]))))
  const line = (cells) => `| ${cells.map((c, i) => c + ' '.repeat(widths[i] - width(c))).join(' | ')} |`
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n')
}
const figures = (rows) => table(['figure', 'value', 'goal'], rows)

function machineText(m) {
  if (!m) return 'machine not recorded (results written before the bench recorded it)'
  const load = m.loadAverage === undefined ? '' : `, load average ${m.loadAverage} at the start`
  return `${m.cpus} CPUs (${m.cpuModel}), ${m.platform} ${m.arch}, Node ${m.node}${load}`
}
const dateText = (iso) => iso.replace('T', ' ').replace(/:\d\d\.\d+Z$|:\d\dZ$/, ' UTC')

// ---- one function per section: its title, what it measures, and its table ----

function runView(r) {
  const phases = Object.entries(r.firstRenderPhases ?? {})
    .sort((x, y) => x[1] - y[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(' · ')
  return {
    title: `The run view at ${grouped(r.runs)} runs`,
    about:
      `A task of ${grouped(r.runs)} runs seeded in a temp data dir and opened in Chromium through ` +
      '`skill-ab serve` ([architecture.md](architecture.md#first-render)). First render: from navigation to ' +
      "the first run cell, timed inside the page, the median of cold loads (a fresh browser context each); the tab reloaded: the same with the page's code already compiled.",
    rows: [
      [`first render, median of ${r.firstRenderSamples?.length ?? '?'} cold loads`, ms(r.firstRenderMs), '—'],
      ['first render, the tab reloaded (median)', ms(r.reloadFirstRenderMs), '—'],
      ['every run loaded', ms(r.allRunsMs), '—'],
      ['rows in the DOM', String(r.renderedRows), '—'],
      [
        `scroll to the last case, ${r.scroll.steps} steps: p95 / max frame`,
        `${ms(r.scroll.p95FrameMs)} / ${ms(r.scroll.maxFrameMs)}`,
        '—',
      ],
      ['live run changes applied and painted', `${grouped(r.patches.runChangesPerSecond)}/s`, '—'],
      ['main-side patch coalescing', `${grouped(r.mainCoalescing.eventsPerSecond)} events/s`, '—'],
    ],
    after: phases ? `Where the first render's time goes (ms after navigation, medians): ${phases}.` : '',
  }
}

function floor(r) {
  const f = r.floor
  const rows = [
    [
      `bare loop of \`opencode run\` (${f.runs} runs + ${f.judgements} judgements, concurrency ${f.concurrency})`,
      ms(f.bareLoopMs),
      '—',
    ],
  ]
  for (const [driver, t] of Object.entries(f.transports)) {
    rows.push([
      `\`skill-ab run\`, \`${driver}\` driver`,
      `${ms(t.wallMs)} (${times(t.ratioToBare)} the loop)`,
      '—',
    ])
    if (t.marginal)
      rows.push(
        [`\`${driver}\`: one more run (from a ${t.marginal.runs}-run task)`, ms(t.marginal.perRunMs), '—'],
        [`\`${driver}\`: a task's start, paid once`, ms(t.marginal.taskStartMs), '—'],
      )
  }
  if (f.sandbox)
    rows.push([
      `OS sandbox on vs off, \`${f.sandbox.driver}\`, median of ${f.sandbox.pairs ?? '?'} pairs`,
      `${ms(f.sandbox.onMs)} vs ${ms(f.sandbox.offMs)}: +${f.sandbox.costPct}%`,
      `≤ ${GOALS.sandboxCostPct}%`,
    ])
  return {
    title: 'The floor: `skill-ab run` against a bare opencode loop',
    about:
      'The same isolated opencode sessions (an agent run per case, side and round, then a judgement of each) ' +
      'as a bare loop of `opencode run` processes at the same concurrency, against `skill-ab run` on each ' +
      'transport, answered by the bundled scripted model; then the OS sandbox’s cost on the default transport ' +
      '([sandbox.md](sandbox.md)). `BENCH_FLOOR=0` leaves it out, `BENCH_FLOOR_ROUNDS` sizes it, ' +
      '`BENCH_SANDBOX_PAIRS` sets the pairs.',
    rows,
  }
}

function triggers(r) {
  const t = r.triggers
  const scenario = (label, s, goal) => [
    [
      `${label}: tokens, probe vs full run`,
      `${grouped(s.probe.meanTokens)} vs ${grouped(s.fullRun.meanTokens)} (${times(s.tokensRatio)})`,
      goal,
    ],
    [
      `${label}: time, probe vs full run`,
      `${ms(s.probe.meanMs)} vs ${ms(s.fullRun.meanMs)} (${times(s.timeRatio)})`,
      goal,
    ],
    [
      `${label}: model turns, probe vs full run`,
      `${s.probe.meanTurns} vs ${s.fullRun.meanTurns} (${grouped(s.fullRun.tokensPerTurn)} tokens a turn)`,
      '—',
    ],
  ]
  return {
    title: 'A trigger probe against a full run',
    about:
      'The same queries run once as an A/B task (side b’s run and its judgement: the full run) and as a ' +
      'trigger set ([triggers.md](triggers.md#what-a-probe-costs)): realistic, a fix-a-failing-test run of ' +
      `7 turns at ${ms(t.realistic.modelTurnMs)} a model turn; floor, the demo’s 3-turn run with an instant model. ` +
      '`BENCH_TRIGGERS=0` leaves it out; `npm run bench:triggers` runs only it.',
    rows: [
      ...scenario('realistic', t.realistic, `≤ ${times(t.targetRatio)}`),
      ...scenario('floor', t.floor, '— (the least a probe saves)'),
    ],
  }
}

function peer(r) {
  const p = r.peer
  return {
    title: 'promptfoo doing the same A/B job',
    about:
      `promptfoo ${p.promptfooVersion} (installed by the bench into a throwaway folder) runs the same A/B job: ` +
      'one isolated opencode session per side and test, an opencode judge as its `llm-rubric` grader, ' +
      '`--repeat` rounds, cache off; both sides’ agent runs and judgements are checked equal. ' +
      '`BENCH_PEER=0` leaves it out; `npm run bench:peer` runs only it (`BENCH_PEER_PROMPTFOO=<dir>` reuses ' +
      'an install).',
    rows: [
      [
        `work, each (${p.cases} cases × 2 sides × ${p.rounds} rounds, concurrency ${p.concurrency})`,
        `${p.agentRuns} agent runs + ${p.judgements} judgements`,
        '—',
      ],
      ['promptfoo', ms(p.promptfooMs), '—'],
      ['`skill-ab run` (default transport)', ms(p.skillAbMs), '—'],
      ['skill-ab faster by', times(p.speedup), `≥ ${times(GOALS.peerSpeedup)}`],
    ],
  }
}

function adaptive(r) {
  const rows = Object.entries(r.adaptive).map(([name, s]) => [
    `\`${name}\``,
    `${s.adaptive.runsPerTask.toFixed(1)} vs ${s.fixed.runsPerTask} (${pct(s.runsSaved)} fewer)`,
    `${pct(s.adaptive.passRate)} vs ${pct(s.fixed.passRate)}`,
  ])
  const first = Object.values(r.adaptive)[0]
  return {
    title: 'Adaptive rounds against fixed rounds',
    about:
      `Simulated through the app’s stats code, ${grouped(first?.tasks ?? 0)} seeded tasks a scenario ` +
      `([decision.md](decision.md#adaptive-rounds)): adaptive rounds (min ${first?.adaptive.min}, max ` +
      `${first?.adaptive.max}) against fixed ${first?.fixed.rounds} rounds on the same scores. On the ` +
      'scenarios without an effect the pass rate is the false-pass rate, to set beside α (0.05); on the ' +
      'others it is the power. `BENCH_ADAPTIVE_TASKS` sizes it.',
    table: table(['scenario', 'runs per task, adaptive vs fixed', 'pass rate, adaptive vs fixed'], rows),
  }
}

function demo(r) {
  const d = r.demo
  return {
    title: 'The demo',
    about:
      '`skill-ab demo` in a fresh data dir, start to exit: the bundled skill on five cases × 2 rounds with ' +
      'the real opencode and the bundled scripted model; the home screen says it takes under half a minute. ' +
      '`BENCH_DEMO=0` leaves it out, `BENCH_DEMO_TIMES` sets the repeats.',
    rows: [
      [
        `wall time, median of ${d.runs.length}`,
        `${ms(d.medianMs)} (${d.runs.map(ms).join(', ')})`,
        `< ${ms(d.goalMs)}`,
      ],
    ],
  }
}

function ci(r) {
  const c = r.ci
  return {
    title: 'CI time',
    about: `The CI time this work started from (\`scripts/bench/ci-baseline.json\`): ${c.measuredBy}.`,
    // A recorded baseline, not measured by the bench run that carries it.
    undated: true,
    rows: [
      [
        `\`npm run check\` on a fresh clone (${c.date})`,
        `${grouped(c.seconds)} s for ${grouped(c.tests)} tests`,
        `≤ ${grouped(c.targetSeconds)} s`,
      ],
    ],
  }
}

const SECTIONS = [
  { key: 'firstRenderMs', render: runView, missing: 'The run view' },
  { key: 'floor', render: floor, missing: 'The floor: `skill-ab run` against a bare opencode loop' },
  { key: 'triggers', render: triggers, missing: 'A trigger probe against a full run' },
  { key: 'peer', render: peer, missing: 'promptfoo doing the same A/B job' },
  { key: 'demo', render: demo, missing: 'The demo' },
  { key: 'adaptive', render: adaptive, missing: 'Adaptive rounds against fixed rounds' },
  { key: 'ci', render: ci, missing: 'CI time' },
]

/** The page, from results documents in any order; the same results give the same page. */
export function benchMarkdown(reports) {
  const newest = [...reports].sort((x, y) => (x.date < y.date ? 1 : x.date > y.date ? -1 : 0))
  const out = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` from its JSON results (`bench-results/`, kept on the machine that ran it); ' +
      'do not edit by hand. `node scripts/bench/write-markdown.mjs` writes it again from results already there.',
    '',
  ]
  if (!newest.length) return [...out, 'No results yet: run `npm run bench`.', ''].join('\n')
  out.push(
    `Latest results: ${dateText(newest[0].date)}, ${machineText(newest[0].machine)}. Each section below is ` +
      'from the newest results holding it, with its own date and machine.',
  )
  for (const { key, render, missing } of SECTIONS) {
    const report = newest.find((r) => r[key] !== undefined && r[key] !== null)
    out.push('')
    if (!report) {
      out.push(`## ${missing}`, '', 'Not measured yet: no results file holds it.')
      continue
    }
    const s = render(report)
    out.push(`## ${s.title}`, '', s.about)
    // The machine is said once in the header, and again for a section measured in another run.
    const where = report === newest[0] ? '' : `, ${machineText(report.machine)}`
    if (!s.undated) out.push('', `_Measured ${dateText(report.date)}${where}._`)
    out.push('', s.table ?? figures(s.rows))
    if (s.after) out.push('', s.after)
  }
  return `${out.join('\n')}\n`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const files = process.argv.slice(2)
  const reports = files.length
    ? files.map((f) => ({ ...JSON.parse(readFileSync(f, 'utf8')), file: f }))
    : readBenchResults(join(root, 'bench-results'))
  process.stdout.write(
    `written: ${writeBenchMarkdown(root, reports)} (from ${reports.length} results files)\n`,
  )
}
