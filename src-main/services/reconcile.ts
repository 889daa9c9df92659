// Reconcile by status (invariant 10, docs/run-states.md): runs left `running`/`evaluating` by a dead owner are
// unstuck — never restarted. running → failed/interrupted (re-run offered, partial trajectory kept);
// evaluating → executed (re-evaluate offered). Their orphaned agent process is killed (pid + start time).
// Then evaluation failures whose trace has results from every evaluator are filled back (fill-back.ts).
import { killLeftovers, killOrphanGroup } from '../agent/session/process-group'
import { OWNER_MARKER_VAR } from '../agent/isolation/run-env'
import type { RunRow } from '../db'
import { announceRun } from '../engine/announce'
import type { AppContext } from './app-context'
import { fillBackFailedRuns } from './parts/fill-back'

/** `fillBack: false` leaves the fill-back to a later call (a first screenful, answered before the whole task). */
export function reconcileTask(ctx: AppContext, taskId: string, opts: { fillBack?: boolean } = {}): RunRow[] {
  const changed: RunRow[] = []
  const deadOwners = new Set<string>()
  for (const run of ctx.store.runs.listByTask(taskId, { status: ['running', 'evaluating'] })) {
    if (run.instanceId === ctx.instance.id || (run.instanceId && !ctx.isInstanceDead(run.instanceId)))
      continue
    if (run.instanceId) deadOwners.add(run.instanceId)
    if (run.status === 'running' && run.pid !== null) killOrphanGroup(run.pid, run.pidStartTime)
    const row =
      run.status === 'running'
        ? ctx.store.runs.transition(run.id, {
            from: ['running'],
            to: 'failed',
            patch: {
              failureType: 'interrupted',
              failureMessage: 'the process running it stopped (crash or kill)',
            },
          })
        : ctx.store.runs.transition(run.id, { from: ['evaluating'], to: 'executed' })
    if (row) {
      changed.push(row)
      announceRun(ctx.events, row)
    }
  }
  const owner = releaseDeadOwner(ctx, taskId)
  if (owner) deadOwners.add(owner)
  // Whatever else the dead owners started (judges, tool subprocesses that left the group) is killed too.
  for (const id of deadOwners) killLeftovers(null, { name: OWNER_MARKER_VAR, value: id })
  if (opts.fillBack !== false) changed.push(...fillBackFailedRuns(ctx, taskId))
  return changed
}

/**
 * A task left `running` by a dead process goes back to `idle` with no owner (it shows as resumable).
 * Returns the dead owner's id, if there was one.
 */
function releaseDeadOwner(ctx: AppContext, taskId: string): string | null {
  const task = ctx.store.tasks.get(taskId)
  const owner = task?.ownerInstanceId
  if (!task || !owner || owner === ctx.instance.id || !ctx.isInstanceDead(owner)) return null
  ctx.store.tasks.releaseOwner(taskId, owner)
  if (task.status === 'running') {
    ctx.store.tasks.setStatus(taskId, 'idle')
    ctx.events.emit('task.changed', { taskId, status: 'idle' })
  }
  return owner
}
