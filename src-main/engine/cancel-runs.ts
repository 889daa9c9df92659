// Runs canceled by the engine rather than by their session: those still queued when the user cancels, and
// those a fault (a full disk) left running because their end could not be stored.
import type { RunRow, Store } from '../db'
import { announceRun } from './announce'
import type { EngineEvents } from './events'

/** What canceling needs of the engine's context. */
interface RunStore {
  store: Store
  events: EngineEvents
  instanceId: string
}

/**
 * Runs this instance left `running` because their end could not be stored (a full disk: the sides' private
 * dirs are gone now, which gives room back) are canceled, so a plain start executes them again. Best effort:
 * what still cannot be written is found by the next start (its owner is dead by then).
 */
export function cancelUnfinished(ctx: RunStore, taskId: string, fault: unknown): void {
  const note = `not run: ${fault instanceof Error ? fault.message : String(fault)}`
  try {
    for (const run of ctx.store.runs.listByTask(taskId)) {
      if (run.status !== 'running' || run.instanceId !== ctx.instanceId) continue
      const row = ctx.store.runs.transition(run.id, {
        from: ['running'],
        to: 'canceled',
        patch: { failureMessage: note },
      })
      if (row) announceRun(ctx.events, row)
    }
  } catch {
    // still no room
  }
}

/** A run still queued when the user cancels: pending → canceled (false: it was not pending any more). */
export function cancelQueued(ctx: RunStore, run: RunRow): boolean {
  const row = ctx.store.runs.transition(run.id, { from: ['pending'], to: 'canceled' })
  if (row) announceRun(ctx.events, row)
  return !!row
}
