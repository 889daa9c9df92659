// One process at a time works on a task: it claims the task (a dead owner's claim is taken over), works, and
// lets go, also on error. A live owner elsewhere is a `busy` error naming it.
import type { TaskRow } from '../../db'
import { describeInstance, type AppContext } from '../app-context'
import { taskBusy } from './errors'

export async function withTaskClaim<T>(ctx: AppContext, task: TaskRow, work: () => Promise<T>): Promise<T> {
  const claim = ctx.store.tasks.claimOwner(task.id, ctx.instance.id, (id) => ctx.isInstanceDead(id))
  if (!claim.claimed) throw taskBusy(task.taskName, describeInstance(ctx, claim.ownerInstanceId))
  try {
    return await work()
  } finally {
    ctx.store.tasks.releaseOwner(task.id, ctx.instance.id)
  }
}
