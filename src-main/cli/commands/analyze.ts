// `skill-ab analyze`: a case analysis — one skill judged on a dataset without a comparison, or existing
// opencode sessions judged as they are. Prints the score per case and the mean.
import { needsEvaluation } from '../../engine/evaluate-runs'
import { needsExecution } from '../../../src-shared/run-rules'
import { loadCaseAnalysisConfig } from '../../inputs/load-case-config'
import { setupWarnings } from '../../services/setup-warnings'
import { analyzeDataset, analyzeImported, type AnalysisSummary } from '../../services/analyze'
import { openAppContext, type AppContext } from '../../services/app-context'
import { UsageError } from '../args'
import { EXIT, type Command, type Io } from '../command'
import { progressPrinter } from '../progress'
import { importConfigFromFlags } from './analyze-import'
import { plural } from '../../../src-shared/plural'

export const analyzeCommand: Command = {
  name: 'analyze',
  summary: 'case analysis: judge one skill on a dataset, or judge existing opencode sessions',
  usage: [
    'Usage: skill-ab analyze <config.json> [--json]',
    '       skill-ab analyze --import <opencode data dir> --judge-model provider/model',
    '                        [--sessions id,id] [--name N] [--evaluators id,id] [--json]',
    '',
    'A case analysis judges one skill version without a comparison: no side a, no pass/reject verdict.',
    '<config.json> is an A/B config (README "The config") without "baseline" and "policy"; repeatRounds',
    'defaults to 1. The skill runs on every case and each run is judged. Running it again resumes it.',
    '',
    '--import judges sessions already in an opencode data dir (the folder holding opencode.db, e.g.',
    '~/.local/share/opencode), which is copied and never written to. Each call is a new analysis unless',
    '--name names an existing one. A trace already judged by the same evaluator (same version) is not',
    'judged again: its run is filled back from the latest result.',
    '',
    'Options:',
    '  --import dir       opencode data dir to read sessions from (with --judge-model)',
    '  --judge-model m    the judge, provider/model (providers from OPENCODE_CONFIG)',
    '  --sessions id,id   only these sessions (default: every top-level session)',
    '  --name N           the analysis name (default: "import of <dir> at <time>")',
    '  --evaluators id,id preset evaluators (default: preset-agent-task-completion)',
    '  --json             print the result as JSON instead of a table',
    '',
    'Exit: 0 every run scored · 3 some runs have no score (see the table) · 2 bad input, unusable',
    '      environment, or no run executed · 130 canceled (Ctrl-C)',
  ].join('\n'),
  flags: {
    import: 'string',
    sessions: 'string',
    name: 'string',
    'judge-model': 'string',
    evaluators: 'string',
    json: 'boolean',
  },
  async run(positionals, flags, io) {
    const [file, ...extra] = positionals
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`)
    if (file && flags.import) throw new UsageError('give either <config.json> or --import, not both')
    if (!file && !flags.import) throw new UsageError('missing <config.json> or --import <opencode data dir>')
    if (file) {
      const only = ['sessions', 'name', 'judge-model', 'evaluators'].find((f) => flags[f] !== undefined)
      if (only) throw new UsageError(`--${only} goes with --import (a config file says it in its fields)`)
    }
    const abort = new AbortController()
    const onSignal = (): void => {
      if (abort.signal.aborted) return
      io.err('\ncanceling: stopping agents and judges…\n')
      abort.abort()
    }
    process.once('SIGINT', onSignal)
    process.once('SIGTERM', onSignal)
    let ctx: AppContext | undefined
    try {
      let summary: AnalysisSummary
      if (file) {
        const loaded = loadCaseAnalysisConfig(file, { env: io.env })
        for (const w of setupWarnings(loaded, io.env)) io.err(`warning: ${w}\n`)
        ctx = openAppContext({ env: io.env, kind: 'cli' })
        const c = ctx
        const r = await analyzeDataset(c, loaded, {
          signal: abort.signal,
          onPrepared: (p) => {
            const runs = c.store.runs
              .listByTask(p.task.id)
              .filter((x) => p.plan.cases.has(x.caseKey) && x.round <= p.plan.maxRound)
            const execute = runs.filter(needsExecution).length
            const judge = execute + runs.filter(needsEvaluation).length
            io.err(
              `case analysis "${p.task.taskName}" ${p.created ? 'created' : 'resumed'}: skill ${p.skill.name} ${p.skill.label}, ` +
                `${plural(p.cases.length, 'case')} × ${plural(p.plan.maxRound, 'round')}; ` +
                `${plural(execute, 'run')} to execute, ${judge} to judge\ndata: ${c.dataDir}\n`,
            )
            c.events.on('run.changed', progressPrinter(io, { execute, judge }))
          },
        })
        if (r.executionFailed > 0 && r.executed === 0 && !abort.signal.aborted) {
          print(io, r, Boolean(flags.json))
          io.err('skill-ab analyze: no run executed: every execution failed (see the messages above)\n')
          return EXIT.error
        }
        summary = r
      } else {
        const config = importConfigFromFlags(flags, io.cwd)
        ctx = openAppContext({ env: io.env, kind: 'cli' })
        const c = ctx
        summary = await analyzeImported(c, config, {
          signal: abort.signal,
          onImported: (i) => {
            io.err(
              `case analysis "${i.task.taskName}" ${i.created ? 'created' : 'resumed'}: ${plural(i.added, 'session')} imported, ` +
                `${plural(i.toJudge, 'run')} to judge (a trace judged before is filled back, not judged again)\ndata: ${c.dataDir}\n`,
            )
            c.events.on('run.changed', progressPrinter(io, { execute: 0, judge: i.toJudge }))
          },
        })
      }
      print(io, summary, Boolean(flags.json))
      if (abort.signal.aborted) return EXIT.interrupted
      return summary.cases.every((x) => x.scored === x.runs) ? EXIT.pass : EXIT.inconclusive
    } finally {
      process.removeListener('SIGINT', onSignal)
      process.removeListener('SIGTERM', onSignal)
      ctx?.close()
    }
  },
}

function print(io: Io, s: AnalysisSummary, json: boolean): void {
  if (json) {
    const { task, ...rest } = s
    io.out(
      `${JSON.stringify({ taskId: task.id, name: task.taskName, status: task.status, ...rest }, null, 2)}\n`,
    )
    return
  }
  const width = Math.max(4, ...s.cases.map((c) => c.caseId.length))
  io.out(`case analysis "${s.task.taskName}" (${s.task.id}), batch ${s.batchId ?? '(none yet)'}\n`)
  for (const c of s.cases)
    io.out(`  ${c.caseId.padEnd(width)}  ${fmt(c.score).padStart(6)}  (${c.scored}/${c.runs} scored)\n`)
  const scored = s.cases.filter((c) => c.score !== null).length
  io.out(`  ${'mean'.padEnd(width)}  ${fmt(s.mean).padStart(6)}  over ${scored} of ${s.cases.length} cases\n`)
}

const fmt = (n: number | null): string => (n === null ? '—' : n.toFixed(1))
