// `skill-ab reevaluate <task> [--failed | --runs id,id | --repeat K [--sample N]]`: judge again without
// re-executing; with --repeat, measure the judge's own noise instead (no run changes).
import type { TaskRow } from '../../db'
import { openAppContext, type AppContext } from '../../services/app-context'
import { findTask } from '../../services/find-task'
import { DEFAULT_NOISE_SAMPLE, measureJudgeNoise, type MeasureNoiseResult } from '../../services/judge-noise'
import { reevaluateTask, selectForReevaluation, type ReevaluateResult } from '../../services/reevaluate'
import { UsageError } from '../args'
import { EXIT, type Command, type Io } from '../command'
import { pairwisePrinter, progressPrinter } from '../progress'
import { plural } from '../../../src-shared/plural'

export const reevaluateCommand: Command = {
  name: 'reevaluate',
  summary: "judge a task's runs again, reusing their trajectories (never re-executing)",
  usage: [
    'Usage: skill-ab reevaluate <task> [--failed | --runs id,id | --repeat K [--sample N]]',
    '',
    'Judges again every run whose execution completed (default), only the evaluation failures (--failed),',
    "or the listed runs (--runs). Results go into the task's one batch; older results stay as history.",
    'A human correction stays in force: the new judge score is stored beside it.',
    'A pairwise evaluator compares the sides again likewise: every comparison, the failed or missing',
    'ones (--failed), or those of the listed runs (--runs).',
    '',
    "--repeat K judges a sample of the task's scored runs (--sample N, default 20, both sides alike) K times",
    "more with its LLM evaluators and changes no run: the decision then shows the judge's test–retest sd",
    "and warns (within-judge-noise) when the lift's CI lies within it.",
    '',
    'Exit: 0 · 2 unknown task or run, a run without a completed execution, or the task is busy',
  ].join('\n'),
  flags: { failed: 'boolean', runs: 'string', repeat: 'string', sample: 'string' },
  async run(positionals, flags, io) {
    const [ref, ...extra] = positionals
    if (!ref) throw new UsageError('missing <task> (a task id or name; see `skill-ab list`)')
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`)
    if (flags.failed && flags.runs) throw new UsageError('--failed and --runs exclude each other')
    if (typeof flags.repeat === 'string') {
      if (flags.failed || flags.runs)
        throw new UsageError('--repeat measures the judge; it takes no --failed or --runs')
      return measureNoise(ref, wholeNumber('--repeat', flags.repeat), flags.sample, io)
    }
    if (typeof flags.sample === 'string') throw new UsageError('--sample goes with --repeat K')
    const runIds =
      typeof flags.runs === 'string'
        ? flags.runs
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined
    if (runIds?.length === 0)
      throw new UsageError('--runs needs at least one run id (see `skill-ab export <task>`)')
    return onTask(ref, io, async (ctx, task, signal) => {
      const opts = { failedOnly: Boolean(flags.failed), runIds, signal }
      const count = selectForReevaluation(ctx.store.runs.listByTask(task.id), opts).length
      ctx.events.on('run.changed', progressPrinter(io, { execute: 0, judge: count }))
      ctx.events.on('pairwise.changed', pairwisePrinter(io))
      const r = await reevaluateTask(ctx, task, opts)
      io.err(`${rejudgedText(r)}\n`)
      io.out(`${JSON.stringify({ taskId: task.id, ...r })}\n`)
    })
  },
}

/** "re-judged 8 runs, 2 of them corrected: their corrections stay in force (batch …: 8 scored, 0 failed)". */
export function rejudgedText(r: ReevaluateResult): string {
  const runs = plural(r.runs, 'run')
  const corrected =
    r.corrected === 0
      ? ''
      : r.corrected === 1 && r.runs === 1
        ? ', corrected: its correction stays in force'
        : `, ${r.corrected} of them corrected: ${r.corrected === 1 ? 'its correction stays' : 'their corrections stay'} in force`
  return `re-judged ${runs}${corrected} (batch ${r.batchId}: ${r.scored} scored, ${r.failed} failed)`
}

function wholeNumber(flag: string, value: string): number {
  const n = Number(value)
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n))
    throw new UsageError(`${flag} takes a whole number (got "${value}")`)
  return n
}

/** `--repeat K [--sample N]`: the judge's test–retest noise, measured on stored runs. */
function measureNoise(ref: string, repeat: number, sample: unknown, io: Io): Promise<number> {
  const n = typeof sample === 'string' ? wholeNumber('--sample', sample) : undefined
  return onTask(ref, io, async (ctx, task, signal) => {
    io.err(`judging ${n ?? DEFAULT_NOISE_SAMPLE} scored runs ${repeat} times more (nothing is executed)…\n`)
    const r = await measureJudgeNoise(ctx, task, { repeat, sample: n, signal })
    io.err(`${noiseText(r)}\n`)
    io.out(`${JSON.stringify({ taskId: task.id, ...r })}\n`)
  })
}

/** Runs `work` on the task `ref` names, Ctrl-C canceling it (exit 130); a user's error is said, exit 2. */
async function onTask(
  ref: string,
  io: Io,
  work: (ctx: AppContext, task: TaskRow, signal: AbortSignal) => Promise<void>,
): Promise<number> {
  const abort = new AbortController()
  const onSignal = (): void => abort.abort()
  process.once('SIGINT', onSignal)
  let ctx: AppContext | undefined
  try {
    ctx = openAppContext({ env: io.env, kind: 'cli' })
    await work(ctx, findTask(ctx.store, ref), abort.signal)
    return abort.signal.aborted ? EXIT.interrupted : EXIT.pass
  } finally {
    process.removeListener('SIGINT', onSignal)
    ctx?.close()
  }
}

/** "judge noise: sd 8.2 points (20 runs × 3 judgements, 40 df); 60 judgements, 0 failed". */
export function noiseText(r: MeasureNoiseResult): string {
  const sd = r.noise
    ? `sd ${r.noise.sd.toFixed(1)} points (${r.noise.runs} runs × ${r.noise.repeats} judgements, ${r.noise.df} df)`
    : 'not measurable yet (no run was judged twice)'
  return `judge noise: ${sd}; ${r.judgements} judgements of ${r.runs} runs, ${r.failed} failed`
}
