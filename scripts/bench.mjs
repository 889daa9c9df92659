/* global document, window, requestAnimationFrame -- code run inside the page by page.evaluate */
// `npm run bench`: a 5,000-run task seeded in a temp data dir, opened in Chromium through `skill-ab serve`.
// Measures time to first render of the run view, scrolling to the last case, live patches applied per
// second in the renderer, and the main-side coalescing throughput; with the parts below (floor, triggers, peer,
// adaptive rounds), prints them, writes them as JSON to bench-results/ and docs/benchmarks.md from that JSON.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromiumPath, launchChromium } from './bench/browser.mjs'
import { firstRenderProbe } from './bench/first-render-probe.mjs'
import { loadBench } from './bench/load-bench.mjs'
import { peerBenchFromEnv, peerLines } from './bench/peer-run.mjs'
import { demoBench } from './bench/demo-time.mjs'
import { GOALS, machineInfo, writeBenchMarkdown } from './bench/write-markdown.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const RUNS = Number(process.env.BENCH_RUNS ?? 5000)
// The machine, and its load before the bench adds to it.
const machine = machineInfo()

if (
  !existsSync(join(root, 'out', 'renderer', 'index.html')) ||
  !existsSync(join(root, 'out', 'cli', 'index.js'))
) {
  process.stderr.write('bench: building first (npm run build)…\n')
  const { spawnSync } = await import('node:child_process')
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (res.status !== 0) process.exit(res.status ?? 1)
}
chromiumPath() // before anything is seeded or started
const { seedBenchTask, benchPatchSource } = await loadBench(root, 'seed')
const { floorBench } = await loadBench(root, 'floor')
const { adaptiveBench, adaptiveLines } = await loadBench(root, 'adaptive')
const { triggerBench, triggerLines } = await loadBench(root, 'triggers')
// Adaptive rounds against fixed 3 rounds, simulated (no agent): a minute or so at 2,000 tasks a scenario.
const adaptive = adaptiveBench(Number(process.env.BENCH_ADAPTIVE_TASKS ?? 2000))
// The CI time this work started from (a fresh clone's `.ci/run`), and the target set against it.
const ciBaseline = JSON.parse(readFileSync(join(root, 'scripts', 'bench', 'ci-baseline.json'), 'utf8'))

const home = mkdtempSync(join(tmpdir(), 'skill-ab-bench-'))
const dataDir = join(home, 'data')
const seeded = seedBenchTask(dataDir, RUNS)
process.stderr.write(`seeded ${seeded.runs} runs in ${seeded.seedMs} ms\n`)
const coalescing = await benchPatchSource(join(home, 'coalesce'), 100_000)

const serve = spawn(process.execPath, [join(root, 'bin', 'skill-ab.cjs'), 'serve'], {
  env: { PATH: process.env.PATH, HOME: home, SKILL_AB_HOME: dataDir },
  stdio: ['ignore', 'pipe', 'inherit'],
})
const url = await new Promise((resolve, reject) => {
  let out = ''
  serve.stdout.on('data', (c) => {
    out += String(c)
    const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(out)
    if (m) resolve(m[0])
  })
  serve.once('exit', (code) => reject(new Error(`serve exited ${code}`)))
})

/** When each step towards the first render happened in the page (wall-clock ms): the document and the JS
 * chunks arriving, the app's `skill-ab:` marks, the first run cell and its frame painted. Run inside the page. */
function pagePhases(firstRun, painted) {
  const at = (ms) => performance.timeOrigin + ms
  const [nav] = performance.getEntriesByType('navigation')
  const phases = { navigationStart: at(0), htmlLoaded: at(nav.responseEnd) }
  for (const r of performance.getEntriesByType('resource'))
    if (r.name.endsWith('.js'))
      phases[`${r.name.replace(/^.*\/|-[\w-]{8}\.js$/g, '')}.js`] = at(r.responseEnd)
  for (const m of performance.getEntriesByType('mark'))
    if (m.name.startsWith('skill-ab:')) phases[m.name.slice('skill-ab:'.length)] = at(m.startTime)
  return { ...phases, firstRun, painted }
}

const results = {}
const SAMPLES = Number(process.env.BENCH_RENDER_SAMPLES ?? 5)
let browser = null
try {
  browser = await launchChromium()
  // First render: from page.goto until the first run cell exists, timed inside the page (a MutationObserver)
  // and reported through a binding once its frame is painted. Playwright puts nothing else in the page until
  // then: its injected script (for an evaluate or a waitFor…) is parsed on the page's main thread and, landing
  // at a build-dependent moment (after the load event), would skew the comparison between builds.
  const samples = []
  let page = null
  let reported = () => {}
  const openPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    const opened = await context.newPage()
    await opened.exposeFunction('skillAbFirstRender', (json) => reported(JSON.parse(json)))
    await opened.addInitScript(`(${firstRenderProbe})(${pagePhases})`)
    return opened
  }
  /** Loads (goto or reload, not waiting for the load event) and resolves with what the page reported. */
  const timedLoad = async (load) => {
    const report = new Promise((resolve) => (reported = resolve))
    const t0 = Date.now()
    await load({ waitUntil: 'commit' })
    const { firstRunAt, phases } = await report
    // The task opens with a first screenful; the rest of its runs follow.
    await page.waitForFunction(() => window.skillAbDebug.complete(), null, { polling: 'raf' })
    return {
      firstRenderMs: Math.round(firstRunAt - t0),
      phases: Object.fromEntries(Object.entries(phases).map(([k, at]) => [k, Math.round(at - t0)])),
      allRunsMs: Date.now() - t0,
    }
  }
  for (let i = 0; i < SAMPLES; i++) {
    if (page) await page.context().close()
    page = await openPage()
    const sample = await timedLoad((o) => page.goto(`${url}#/task/${seeded.taskId}`, o))
    samples.push({ ...sample, renderedRows: await page.locator('[data-case]').count() })
  }
  const median = (key) =>
    samples.map(typeof key === 'function' ? key : (x) => x[key]).sort((x, y) => x - y)[
      Math.floor(samples.length / 2)
    ]
  results.firstRenderMs = median('firstRenderMs')
  results.allRunsMs = median('allRunsMs')
  results.renderedRows = samples[0].renderedRows
  results.firstRenderSamples = samples
  results.firstRenderPhases = Object.fromEntries(
    Object.keys(samples[0].phases).map((k) => [k, median((x) => x.phases[k])]),
  )

  // The same tab reloaded: V8 still holds the page's compiled code, so this is the first render without the
  // cold compile a fresh context pays (the figure above).
  const reloads = []
  for (let i = 0; i < SAMPLES; i++) reloads.push((await timedLoad((o) => page.reload(o))).firstRenderMs)
  results.reloadFirstRenderMs = [...reloads].sort((x, y) => x - y)[Math.floor(reloads.length / 2)]
  results.reloadFirstRenderSamples = reloads

  // Scroll to the end in steps, as a user dragging the scrollbar would; the last case must show.
  const scroll = await page.evaluate(async () => {
    const el = document.querySelector('.run-table .scroller')
    const frames = []
    let last = performance.now()
    const started = last
    for (let y = 0; y <= el.scrollHeight; y += el.clientHeight) {
      el.scrollTop = y
      await new Promise((r) => requestAnimationFrame(r))
      const now = performance.now()
      frames.push(now - last)
      last = now
    }
    frames.sort((a, b) => a - b)
    return {
      steps: frames.length,
      totalMs: Math.round(performance.now() - started),
      p95FrameMs: Math.round(frames[Math.floor(frames.length * 0.95)] ?? 0),
      maxFrameMs: Math.round(frames[frames.length - 1] ?? 0),
    }
  })
  results.scroll = scroll
  results.lastCaseShown = await page.locator('[data-case]').last().getAttribute('data-case')

  // Live patches: the whole task changes state in coalesced patches of 250 runs, each applied and painted.
  results.patches = await page.evaluate(async () => {
    const debug = window.skillAbDebug
    const runs = debug.runs()
    const started = performance.now()
    let applied = 0
    for (const status of ['running', 'executed', 'evaluating', 'scored']) {
      for (let i = 0; i < runs.length; i += 250) {
        const batch = runs.slice(i, i + 250).map((r) => ({
          ...r,
          status,
          statuses: [status],
          seqs: [1e9 + applied],
          score: status === 'scored' ? 50 : null,
        }))
        debug.applyPatch({ runs: batch, tasks: [], external: false })
        applied += batch.length
        await new Promise((r) => requestAnimationFrame(r))
      }
    }
    const ms = performance.now() - started
    return { runChanges: applied, ms: Math.round(ms), runChangesPerSecond: Math.round(applied / (ms / 1000)) }
  })
  results.domRowsAfterPatches = await page.locator('[data-case]').count()
} finally {
  await browser?.close()
  serve.kill('SIGINT')
  await new Promise((r) => serve.once('exit', r))
  rmSync(home, { recursive: true, force: true })
}

// Real opencode sessions against the scripted model: minutes, so it can be left out (BENCH_FLOOR=0).
const floor =
  process.env.BENCH_FLOOR === '0'
    ? null
    : await floorBench({
        root,
        rounds: Number(process.env.BENCH_FLOOR_ROUNDS ?? 2),
        concurrency: 2,
        drivers: ['server', 'process'],
        sandboxPairs: Number(process.env.BENCH_SANDBOX_PAIRS ?? 3),
      })
// A trigger probe against a full run of the same query (BENCH_TRIGGERS=0 leaves it out).
const triggers = process.env.BENCH_TRIGGERS === '0' ? null : await triggerBench({ root })
// promptfoo doing the same A/B job, installed into a throwaway folder (BENCH_PEER=0 leaves it out).
const peer = await peerBenchFromEnv()
// The demo as a newcomer meets it (BENCH_DEMO=0 leaves it out; BENCH_DEMO_TIMES repeats it).
const demo =
  process.env.BENCH_DEMO === '0'
    ? null
    : demoBench({ root, times: Number(process.env.BENCH_DEMO_TIMES ?? 3) })

const report = {
  date: new Date().toISOString(),
  machine,
  runs: seeded.runs,
  seedMs: seeded.seedMs,
  ...results,
  mainCoalescing: coalescing,
  floor,
  triggers,
  peer,
  demo,
  adaptive,
  ci: { ...ciBaseline, targetSeconds: Math.round(ciBaseline.seconds * ciBaseline.targetShare) },
}
mkdirSync(join(root, 'bench-results'), { recursive: true })
const file = join(root, 'bench-results', `bench-${report.date.replace(/[:.]/g, '-')}.json`)
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
const markdown = writeBenchMarkdown(root)
process.stdout.write(
  [
    `runs in the task:                 ${report.runs}`,
    `run view, first render:           ${report.firstRenderMs} ms median of ${report.firstRenderSamples.length} (${report.firstRenderSamples.map((x) => x.firstRenderMs).join(', ')}; ${report.renderedRows} rows in the DOM); every run loaded: ${report.allRunsMs} ms`,
    `  the tab reloaded:               ${report.reloadFirstRenderMs} ms median (${report.reloadFirstRenderSamples.join(', ')})`,
    `  first render, ms after goto:     ${Object.entries(report.firstRenderPhases)
      .sort((x, y) => x[1] - y[1])
      .map(([k, ms]) => `${k} ${ms}`)
      .join(' · ')}`,
    `scroll to the last case:          ${report.scroll.steps} steps, ${report.scroll.totalMs} ms, p95 frame ${report.scroll.p95FrameMs} ms, max ${report.scroll.maxFrameMs} ms (last: ${report.lastCaseShown})`,
    `live run changes applied:         ${report.patches.runChangesPerSecond}/s (${report.patches.runChanges} in ${report.patches.ms} ms, painted per patch)`,
    `main-side coalescing:             ${coalescing.eventsPerSecond} events/s into ${coalescing.patches} patch(es)`,
    ...(floor
      ? [
          `floor: ${floor.runs} runs + ${floor.judgements} judgements at concurrency ${floor.concurrency}; bare opencode loop ${floor.bareLoopMs} ms (${floor.bareOverheadPerRunMs} ms a run)`,
          ...Object.entries(floor.transports).map(
            ([driver, t]) =>
              `  skill-ab run, ${driver.padEnd(7)} ${t.wallMs} ms = ${t.ratioToBare} × the bare loop, ${t.overheadPerRunMs} ms a run`,
          ),
          ...(floor.sandbox
            ? [
                `  the OS sandbox, ${floor.sandbox.driver}, median of ${floor.sandbox.pairs} pairs: on ${floor.sandbox.onMs} ms (${floor.sandbox.on.join(', ')}), off ${floor.sandbox.offMs} ms (${floor.sandbox.off.join(', ')}): ${floor.sandbox.costPct}% more wall time (goal: at most ${GOALS.sandboxCostPct}%)`,
              ]
            : []),
          ...Object.entries(floor.transports)
            .filter(([, t]) => t.marginal)
            .map(
              ([driver, t]) =>
                `  ${driver} at ${t.marginal.runs} runs: ${t.marginal.wallMs} ms; one more run ${t.marginal.perRunMs} ms, a task's start ${t.marginal.taskStartMs} ms (paid once)`,
            ),
        ]
      : []),
    ...(triggers ? triggerLines(triggers) : []),
    ...(peer ? peerLines(peer) : []),
    ...(demo
      ? [
          `the demo (skill-ab demo, fresh data dir): median ${demo.medianMs} ms of ${demo.runs.join(', ')} (goal: under ${demo.goalMs / 1000} s)`,
        ]
      : []),
    'adaptive rounds (min 1, max 5) vs fixed 3 rounds, simulated:',
    ...adaptiveLines(adaptive),
    `CI baseline:                      ${report.ci.seconds} s for ${report.ci.tests} tests (${report.ci.date}); target ≤ ${report.ci.targetSeconds} s`,
    `written: ${file} and ${markdown}`,
    '',
  ].join('\n'),
)
