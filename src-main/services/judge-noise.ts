// Judge noise, measured (docs/decision.md "Judge noise"): `reevaluate --repeat K` judges a sample of the
// task's scored runs K times more with its LLM evaluators, executing nothing and changing no run; the
// decision then shows the judge's test–retest sd and warns when the lift is within it.
import type { JudgeRepeatInput, RunRow, Store, TaskRow } from '../db'
import { newId } from '../db'
import { judgeInputOf } from '../engine/evaluate-runs'
import { withRetries } from '../engine/judge-retries'
import { createLimiter } from '../engine/limiter'
import { InputError } from '../inputs/errors'
import type { EvaluatorSpec } from '../judge/evaluators'
import { pointwiseEvaluatorsOf } from '../judge/task-evaluators'
import { judgeNoise } from '../stats/judge-noise'
import type { JudgeNoise } from '../../src-shared/decision'
import type { AppContext } from './app-context'
import { blindSpecOf, casesOf, judgeSettingsOf, taskJudge } from './parts/evaluation-setup'
import { opencodeConfigPathOf } from '../inputs/opencode-config'
import { reconcileTask } from './reconcile'
import { withTaskClaim } from './parts/task-claim'
import { readStoredConfig } from '../../src-shared/stored-config'

export const DEFAULT_NOISE_SAMPLE = 20
export const MAX_REPEAT = 10

export interface MeasureNoiseOptions {
  /** K: judgements per sampled run (2–10). */
  repeat: number
  /** How many scored runs to judge again (default 20; both sides alike). */
  sample?: number
  signal: AbortSignal
}

export interface MeasureNoiseResult {
  runs: number
  judgements: number
  failed: number
  /** The judge's noise over every measurement of the task so far. */
  noise: JudgeNoise | null
}

/** The evaluators a judge model answers for (a command is deterministic; a pairwise one scores no run). */
function judgedEvaluators(task: TaskRow): EvaluatorSpec[] {
  return pointwiseEvaluatorsOf(task).filter((e) => e.kind === 'llm' || e.kind === 'expectations')
}

/** The task's judge noise over its runs' current executions (null until measured). */
export function judgeNoiseOfTask(store: Store, task: TaskRow, runs: readonly RunRow[]): JudgeNoise | null {
  const repeats = store.judgeRepeats.listByTask(task.id)
  if (!repeats.length) return null
  const weights = new Map(judgedEvaluators(task).map((e) => [e.id, e.weight]))
  return judgeNoise(repeats, new Map(runs.map((r) => [r.id, r.sessionId])), weights)
}

/** `n` scored runs, sides taken in turn, in the runs' order: the same sample every time. */
export function noiseSample(runs: readonly RunRow[], n: number): RunRow[] {
  const scored = runs.filter((r) => r.status === 'scored' && r.sessionId !== null)
  const a = scored.filter((r) => r.side === 'a')
  const b = scored.filter((r) => r.side === 'b')
  const out: RunRow[] = []
  for (let i = 0; out.length < n && (i < a.length || i < b.length); i++)
    for (const side of [a, b]) if (side[i] && out.length < n) out.push(side[i] as RunRow)
  return out
}

const bad = (field: string, message: string, fix: string): never => {
  throw new InputError({ field, message: `${field}: ${message}`, fix })
}

export async function measureJudgeNoise(
  ctx: AppContext,
  task: TaskRow,
  opts: MeasureNoiseOptions,
): Promise<MeasureNoiseResult> {
  const sampleSize = opts.sample ?? DEFAULT_NOISE_SAMPLE
  if (!Number.isInteger(opts.repeat) || opts.repeat < 2 || opts.repeat > MAX_REPEAT)
    bad('repeat', `${opts.repeat} is not a whole number from 2 to ${MAX_REPEAT}`, 'e.g. --repeat 3')
  if (!Number.isInteger(sampleSize) || sampleSize < 2)
    bad('sample', `${sampleSize} is not a whole number of at least 2`, 'e.g. --sample 20')
  const evaluators = judgedEvaluators(task)
  if (!evaluators.length)
    bad(
      'evaluators',
      `task "${task.taskName}" has no evaluator a judge model scores (commands do not vary)`,
      'judge noise is measured on llm or expectations evaluators',
    )
  reconcileTask(ctx, task.id)
  return withTaskClaim(ctx, task, () => judgeAgain(ctx, task, evaluators, { ...opts, sample: sampleSize }))
}

/** Judges the sample K times more (the task claimed); each judgement stored as it comes back. */
async function judgeAgain(
  ctx: AppContext,
  task: TaskRow,
  evaluators: readonly EvaluatorSpec[],
  opts: MeasureNoiseOptions & { sample: number },
): Promise<MeasureNoiseResult> {
  const judge = taskJudge(
    ctx,
    task,
    opencodeConfigPathOf(readStoredConfig(task.configJson).agent?.opencodeConfig, ctx.env),
  )
  try {
    const runs = noiseSample(ctx.store.runs.listByTask(task.id), opts.sample)
    if (runs.length < 2)
      bad('sample', `task "${task.taskName}" has ${runs.length} scored runs`, 'score at least 2 runs first')
    const settings = judgeSettingsOf(task)
    const pool = createLimiter(settings.concurrency)
    const cases = casesOf(ctx.store, task)
    const blind = blindSpecOf(ctx.store, task)
    const measurement = newId('jn')
    const stored: JudgeRepeatInput[] = []
    const jobs = runs.flatMap((run) => {
      const c = cases.get(run.caseKey)
      if (!c) return []
      const input = judgeInputOf(c, run, ctx.store.trajectories.get(run.id), blind)
      return Array.from({ length: opts.repeat }, (_, k) =>
        evaluators.map(async (ev) => {
          const a = await withRetries(
            () => judge.evaluate(ev, structuredClone(input), opts.signal),
            { pool, retries: settings.retries, backoffMs: ctx.judgeBackoffMs },
            opts.signal,
          )
          // A judgement canceled by the cancel is not one; one that came back is kept, cancel or not.
          if (a.status === 'failed' && opts.signal.aborted) return
          const row: JudgeRepeatInput = {
            taskId: task.id,
            runId: run.id,
            sessionId: run.sessionId as string,
            measurement,
            pass: k + 1,
            evaluatorId: ev.id,
            status: a.status,
            score: a.status === 'done' ? a.score : null,
            judgeTokens: a.tokens,
            judgeCostUsd: a.costUsd,
          }
          // Each judgement is kept as it comes back: a cancel loses none that was paid for.
          ctx.store.judgeRepeats.append(row)
          stored.push(row)
        }),
      ).flat()
    })
    // Canceled: what was judged is kept; the judgements still waiting for a slot are given up.
    await Promise.all(
      jobs.map((job) =>
        job.catch((err: unknown) => {
          if (!opts.signal.aborted) throw err
        }),
      ),
    )
    return {
      runs: runs.length,
      judgements: stored.length,
      failed: stored.filter((r) => r.status === 'failed').length,
      noise: judgeNoiseOfTask(ctx.store, task, ctx.store.runs.listByTask(task.id)),
    }
  } finally {
    await judge.close()
  }
}
