// What judging a task needs, built from its stored config: the judge, the evaluators and the cases.
import { join } from 'node:path'
import type { Store, TaskRow } from '../db'
import type { EngineContext } from '../engine/execute-runs'
import { createEvaluationQueue, type EvaluationQueue } from '../engine/evaluate-runs'
import type { BlindSpec } from '../judge/blind'
import { resolveEvaluators, type EvaluatorSpec } from '../judge/evaluators'
import { readSkillText } from '../judge/skill-text'
import { judgeSchema, taskConfigSchema, type TaskConfig } from '../../src-shared/task-config'
import type { AppContext } from './app-context'

export function engineContext(ctx: AppContext): EngineContext {
  return { store: ctx.store, driver: ctx.driver, events: ctx.events, instanceId: ctx.instance.id }
}

export function taskConfigOf(task: TaskRow): TaskConfig {
  return JSON.parse(task.configJson) as TaskConfig
}

/**
 * The judge's model and limits: from a §4 config (judge.model, else agent.model; the agent's timeout), or
 * from an imported-traces analysis, which has no agent (judge.model and its own timeoutSec).
 */
export function judgeSettingsOf(task: TaskRow): {
  model: string
  timeoutSec: number
  concurrency: number
  retries: number
  driver: 'process' | 'server'
} {
  const config = JSON.parse(task.configJson) as Partial<TaskConfig> & { timeoutSec?: number }
  const judge = judgeSchema.parse(config.judge ?? {})
  return {
    model: judge.model ?? config.agent?.model ?? '',
    timeoutSec: config.agent?.timeoutSec ?? config.timeoutSec ?? 600,
    concurrency: judge.concurrency,
    retries: judge.retries,
    // The judge follows the agent's driver: a server task judges on a warm server too.
    driver: config.agent?.driver === 'server' ? 'server' : 'process',
  }
}

/** The task's evaluators as the judge runs them (the config's default when it lists none). */
export function evaluatorsOf(task: TaskRow): EvaluatorSpec[] {
  const refs = (JSON.parse(task.configJson) as Partial<TaskConfig>).evaluators
  return resolveEvaluators(refs ?? taskConfigSchema.shape.evaluators.parse(undefined))
}

function casesOf(
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

/** A queue that judges the task's runs in its one batch (created now if the task has none yet). */
export function openEvaluation(
  ctx: AppContext,
  task: TaskRow,
  signal: AbortSignal,
  opencodeConfigPath: string | undefined,
): EvaluationQueue {
  const settings = judgeSettingsOf(task)
  const judge = ctx.createJudge({
    model: settings.model,
    opencodeConfigPath,
    runRoot: join(ctx.dataDir, 'tmp'),
    timeoutSec: settings.timeoutSec,
    driver: settings.driver,
  })
  const queue = createEvaluationQueue(
    { ...engineContext(ctx), judge },
    {
      taskId: task.id,
      evaluators: evaluatorsOf(task),
      cases: casesOf(ctx.store, task),
      judgeConcurrency: settings.concurrency,
      retries: settings.retries,
      backoffMs: ctx.judgeBackoffMs,
      // Case analyses dedupe by trace; A/B evaluations and re-evaluations never do (invariant 8).
      caseAnalysis: task.kind === 'case',
      blind: blindSpecOf(ctx.store, task),
    },
    signal,
  )
  // Whatever the judge keeps running between attempts (its servers) stops once the queue is drained.
  return { ...queue, drain: () => queue.drain().finally(() => judge.close()) }
}
