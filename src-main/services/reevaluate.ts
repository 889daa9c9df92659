// Re-evaluate (docs/run-states.md, docs/invariants.md): judge runs again in the task's one batch, reusing their trajectories —
// never re-executing. Results are appended; display takes the latest. A human correction of a run's
// execution stays in force through it (the judge's new score is stored beside it).
import type { RunRow, TaskRow } from '../db'
import type { PairwiseSummary } from '../engine/pairwise-runs'
import { InputError } from '../inputs/errors'
import { canReevaluate } from '../../src-shared/run-rules'
import type { AppContext } from './app-context'
import { opencodeConfigPathOf } from '../inputs/opencode-config'
import { openEvaluation } from './parts/evaluation-setup'
import { reconcileTask } from './reconcile'
import { withTaskClaim } from './parts/task-claim'
import { readStoredConfig } from '../../src-shared/stored-config'
import { plural } from '../../src-shared/plural'

export interface ReevaluateOptions {
  /** Only evaluation failures (failed, failure type null). */
  failedOnly?: boolean
  /** Only these runs (ids of this task). */
  runIds?: string[]
  signal: AbortSignal
}

export interface ReevaluateResult {
  batchId: string
  runs: number
  scored: number
  failed: number
  /** Runs judged again that had a correction in force: it stays in force. */
  corrected: number
  /** The pairwise comparisons judged again (null: the task has no pairwise evaluator). */
  pairwise: PairwiseSummary | null
}

/** How many runs the task has and the first few ids, for a message about an unknown run id. */
function knownRuns(runs: RunRow[]): string {
  if (runs.length === 0) return 'it has no runs yet'
  const shown = runs.slice(0, RUN_IDS_SHOWN).map((r) => `${r.id} (${r.caseKey} r${r.round} ${r.side})`)
  return `its ${plural(runs.length, 'run')}: ${shown.join(', ')}${runs.length > shown.length ? ', …' : ''}`
}

const RUN_IDS_SHOWN = 5

export function selectForReevaluation(runs: RunRow[], opts: Omit<ReevaluateOptions, 'signal'>): RunRow[] {
  if (opts.runIds) {
    const byId = new Map(runs.map((r) => [r.id, r]))
    const unknown = opts.runIds.filter((id) => !byId.has(id))
    if (unknown.length)
      throw new InputError({
        field: '--runs',
        message: `--runs: no run ${unknown.join(', ')} in this task (${knownRuns(runs)})`,
        fix: 'use run ids from `skill-ab export <task>`',
      })
    const picked = opts.runIds.map((id) => byId.get(id) as RunRow)
    const notExecuted = picked.filter((r) => !canReevaluate(r))
    if (notExecuted.length)
      throw new InputError({
        field: '--runs',
        message: `--runs: ${notExecuted.map((r) => `${r.id} (${r.status}${r.failureType ? `/${r.failureType}` : ''})`).join(', ')} has no completed execution to judge`,
        fix: 're-run it instead: `skill-ab run <config> --rerun failed`',
      })
    return picked
  }
  return runs.filter((r) => canReevaluate(r) && (!opts.failedOnly || r.status === 'failed'))
}

export async function reevaluateTask(
  ctx: AppContext,
  task: TaskRow,
  opts: ReevaluateOptions,
): Promise<ReevaluateResult> {
  reconcileTask(ctx, task.id)
  return withTaskClaim(ctx, task, async () => {
    const targets = selectForReevaluation(ctx.store.runs.listByTask(task.id), opts)
    const corrected = targets.filter(
      (r) => ctx.store.corrections.activeFor(r.id, r.sessionId).length > 0,
    ).length
    const config = readStoredConfig(task.configJson)
    // Comparisons are judged again like the runs: all of them, the failed (or missing) ones with --failed,
    // or those of the --runs given.
    const picked = opts.runIds ? new Set(opts.runIds) : null
    const queue = openEvaluation(
      ctx,
      task,
      opts.signal,
      opencodeConfigPathOf(config.agent?.opencodeConfig, ctx.env),
      {
        redo: opts.failedOnly ? 'failed' : 'all',
        ...(picked ? { inScope: (run: RunRow) => picked.has(run.id) } : {}),
      },
    )
    for (const run of targets) queue.add(run)
    const { scored, failed, pairwise } = await queue.drain()
    return { batchId: queue.batchId, runs: targets.length, scored, failed, corrected, pairwise }
  })
}
