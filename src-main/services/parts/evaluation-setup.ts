// What judging a task needs, built from its stored config: the judge, the evaluators and the cases. The
// pointwise evaluators score runs as they finish; a pairwise evaluator compares the sides once they drained.
import { join } from 'node:path'
import type { RunRow, Store, TaskRow } from '../../db'
import type { EngineContext } from '../../engine/execute-runs'
import { createEvaluationQueue, type EvaluationQueue } from '../../engine/evaluate-runs'
import type { BlindSpec } from '../../judge/blind'
import type { Judge } from '../../judge/judge-runner'
import { readSkillText } from '../../judge/skill-text'
import { judgePairwise, type PairwiseRedo, type PairwiseSummary } from '../../engine/pairwise-runs'
import { pairwiseEvaluatorOf, pointwiseEvaluatorsOf } from '../../judge/task-evaluators'
import { readStoredConfig } from '../../../src-shared/stored-config'
import { CONFIG_DEFAULTS, judgeModelOf, maxRoundsOf } from '../../../src-shared/task-config'
import type { AppContext } from '../app-context'
import { commandSandboxOf } from './command-sandbox'

export function engineContext(ctx: AppContext): EngineContext {
  return { store: ctx.store, driver: ctx.driver, events: ctx.events, instanceId: ctx.instance.id }
}

/**
 * The judge's model and limits: from an A/B task's config (judge.model, else agent.model; the agent's
 * timeout and driver), or from an imported-traces analysis, which has no agent (judge.model and its own
 * timeoutSec; the agent's default driver).
 */
export function judgeSettingsOf(task: TaskRow): {
  model: string
  timeoutSec: number
  concurrency: number
  retries: number
  driver: 'process' | 'server'
} {
  const config = readStoredConfig(task.configJson)
  const agent = config.agent ?? CONFIG_DEFAULTS.agent
  return {
    model: judgeModelOf(config) ?? '',
    timeoutSec: config.timeoutSec ?? agent.timeoutSec,
    concurrency: config.judge.concurrency,
    retries: config.judge.retries,
    // The judge follows the agent's driver (default: warm servers); a process task judges in processes.
    driver: agent.driver,
  }
}

export function casesOf(
  store: Store,
  task: TaskRow,
): Map<string, { prompt: string; expectedOutput: string | null; expectations: string[] }> {
  return new Map(
    store.datasets
      .getCases(task.datasetId)
      .map((c) => [
        c.caseKey,
        { prompt: c.prompt, expectedOutput: c.expectedOutput, expectations: c.expectations },
      ]),
  )
}

/**
 * What blind judging hides of an A/B task: its skills (b's, and a's when the baseline is a skill), read from
 * the snapshots the task ran with (never the live folders, which may have changed since). A case analysis
 * judges one skill's runs on their own, with no side to tell apart: null, judged as stored.
 */
export function blindSpecOf(store: Store, task: TaskRow): BlindSpec | null {
  if (task.kind === 'case') return null
  const versions = [task.skillVersionBId, task.skillVersionAId]
    .map((id) => (id ? store.skillVersions.get(id) : null))
    .filter((v) => v !== null)
  return {
    skills: versions.map((v) => ({
      name: v.skillName,
      text: v.snapshotDir ? readSkillText(v.snapshotDir) : '',
    })),
    snapshotDirs: versions.map((v) => v.snapshotDir).filter((d) => d !== ''),
  }
}

/** Which comparisons the pairwise judge takes on once the queue drained (default: the missing ones). */
export interface PairwiseScope {
  redo: PairwiseRedo
  /** Only comparisons with at least one of their runs in scope. */
  inScope?: (run: RunRow) => boolean
}

export interface TaskEvaluation extends EvaluationQueue {
  /**
   * The queue drained, then the pairwise comparisons (null: the task has no pairwise evaluator, or
   * `compare: false`). With `compare: false` (the execution failed) the queued runs are still judged, but no
   * comparison is paid for.
   */
  drain(opts?: {
    compare?: boolean
  }): Promise<{ scored: number; failed: number; pairwise: PairwiseSummary | null }>
}

/** The task's judge (its model, limits and driver; command evaluators in the agents' sandbox). */
export function taskJudge(ctx: AppContext, task: TaskRow, opencodeConfigPath: string | undefined): Judge {
  const settings = judgeSettingsOf(task)
  return ctx.createJudge({
    model: settings.model,
    opencodeConfigPath,
    runRoot: join(ctx.dataDir, 'tmp'),
    timeoutSec: settings.timeoutSec,
    driver: settings.driver,
    commandSandbox: commandSandboxOf(ctx.store, task, ctx.env),
  })
}

/**
 * A queue that judges the task's runs in its one batch (created now if the task has none yet); draining it
 * also judges the task's pairwise comparisons (when it has a pairwise evaluator and was not canceled).
 */
export function openEvaluation(
  ctx: AppContext,
  task: TaskRow,
  signal: AbortSignal,
  opencodeConfigPath: string | undefined,
  pairwiseScope: PairwiseScope = { redo: 'missing' },
): TaskEvaluation {
  const settings = judgeSettingsOf(task)
  const judge = taskJudge(ctx, task, opencodeConfigPath)
  const cases = casesOf(ctx.store, task)
  const blind = blindSpecOf(ctx.store, task)
  const queue = createEvaluationQueue(
    { ...engineContext(ctx), judge },
    {
      taskId: task.id,
      evaluators: pointwiseEvaluatorsOf(task),
      cases,
      judgeConcurrency: settings.concurrency,
      retries: settings.retries,
      backoffMs: ctx.judgeBackoffMs,
      // Case analyses dedupe by trace; A/B evaluations and re-evaluations never do: both sides' runs are
      // judged afresh, in the same batch.
      caseAnalysis: task.kind === 'case',
      blind,
    },
    signal,
  )
  const pairwise = task.kind === 'ab' ? pairwiseEvaluatorOf(task) : null
  const comparePairs = async (): Promise<PairwiseSummary | null> => {
    if (!pairwise) return null
    if (signal.aborted) return { comparisons: 0, judged: 0, failed: 0 }
    return judgePairwise(
      { ...engineContext(ctx), judge },
      {
        taskId: task.id,
        batchId: queue.batchId,
        evaluator: pairwise,
        cases,
        maxRound: roundsOf(task),
        judgeConcurrency: settings.concurrency,
        retries: settings.retries,
        backoffMs: ctx.judgeBackoffMs,
        blind,
        ...pairwiseScope,
      },
      signal,
    )
  }
  return {
    ...queue,
    // Whatever the judge keeps running between attempts (its servers) stops once everything is judged.
    drain: async ({ compare = true } = {}) => {
      try {
        const pointwise = await queue.drain()
        return { ...pointwise, pairwise: compare ? await comparePairs() : null }
      } finally {
        await judge.close()
      }
    },
  }
}

/** The task's last round (adaptiveRounds.max or repeatRounds). */
function roundsOf(task: TaskRow): number {
  return maxRoundsOf(readStoredConfig(task.configJson))
}
