// Live updates: engine events are coalesced into one patch every ≈75 ms, so a thousand state
// changes a second reach the renderer as a dozen messages. Per run the patch keeps its newest state and every
// status it passed through, in order. Nothing polls, except PRAGMA data_version (≈2×/s, docs/data-model.md) to see
// other processes' writes, which the patch reports as `external`.
import type { Store } from '../db'
import { taskRunCounts } from '../services/task-decision'
import type { EngineEvents, RunChange, TaskChange, TriggerChange } from '../engine/events'
import type { Patch, RunPatch, TaskPatch } from '../../src-shared/ipc-views'

export const COALESCE_MS = 75
export const DATA_VERSION_POLL_MS = 500

export interface PatchSourceOptions {
  events: EngineEvents
  store: Store
  /** Extra fields of a touched task (busy flag, message, verdict) at flush time. */
  taskExtras?: (taskId: string, change: TaskPatch) => Partial<TaskPatch>
  coalesceMs?: number
  pollMs?: number
}

export class PatchSource {
  private readonly listeners = new Set<(patch: Patch) => void>()
  private runs = new Map<string, RunPatch>()
  private tasks = new Map<string, TaskPatch>()
  private triggers = new Set<string>()
  private external = false
  private seq = 0
  private timer: NodeJS.Timeout | null = null
  private readonly poll: NodeJS.Timeout
  private lastDataVersion: number
  private readonly coalesceMs: number
  private readonly onRun = (c: RunChange): void => this.addRun(c)
  private readonly onTask = (c: TaskChange): void =>
    this.touchTask(c.taskId, {
      status: c.status as TaskPatch['status'],
      ...(c.message !== undefined ? { message: c.message } : {}),
    })

  private readonly onTrigger = (c: TriggerChange): void => this.touchTrigger(c.taskId)

  constructor(private readonly opts: PatchSourceOptions) {
    this.coalesceMs = opts.coalesceMs ?? COALESCE_MS
    opts.events.on('run.changed', this.onRun)
    opts.events.on('task.changed', this.onTask)
    opts.events.on('trigger.changed', this.onTrigger)
    this.lastDataVersion = opts.store.dataVersion()
    this.poll = setInterval(() => this.checkDataVersion(), opts.pollMs ?? DATA_VERSION_POLL_MS)
    this.poll.unref()
  }

  /** The number of the last run change seen (a snapshot read now includes every change up to it). */
  get watermark(): number {
    return this.seq
  }

  subscribe(listener: (patch: Patch) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Marks a task changed (busy flag, message, deletion) so the next patch carries it. */
  touchTask(taskId: string, change: TaskPatch | Omit<TaskPatch, 'taskId'> = {}): void {
    this.tasks.set(taskId, { ...this.tasks.get(taskId), ...change, taskId })
    this.schedule()
  }

  /** Marks a trigger task changed (a probe, its status, its job's busy flag). */
  touchTrigger(taskId: string): void {
    this.triggers.add(taskId)
    this.schedule()
  }

  private addRun(c: RunChange): void {
    const prev = this.runs.get(c.id)
    const statuses = prev ? prev.statuses : []
    const seqs = prev ? prev.seqs : []
    this.seq += 1
    if (statuses[statuses.length - 1] !== c.status) {
      statuses.push(c.status)
      seqs.push(this.seq)
    } else seqs[seqs.length - 1] = this.seq
    this.runs.set(c.id, { ...c, statuses, seqs })
    if (!this.tasks.has(c.taskId)) this.tasks.set(c.taskId, { taskId: c.taskId })
    this.schedule()
  }

  private checkDataVersion(): void {
    let version: number
    try {
      version = this.opts.store.dataVersion()
    } catch {
      return // the store is closing
    }
    if (version === this.lastDataVersion) return
    this.lastDataVersion = version
    this.external = true
    this.schedule()
  }

  private schedule(): void {
    if (this.timer) return
    this.timer = setTimeout(() => this.flush(), this.coalesceMs)
  }

  /** Sends what accumulated now (also used by tests and on quit). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (!this.runs.size && !this.tasks.size && !this.triggers.size && !this.external) return
    const tasks = [...this.tasks.values()].map((t) => this.completeTask(t))
    const patch: Patch = { runs: [...this.runs.values()], tasks, external: this.external }
    if (this.triggers.size) patch.triggers = [...this.triggers]
    this.runs = new Map()
    this.tasks = new Map()
    this.triggers = new Set()
    this.external = false
    for (const listener of this.listeners) listener(patch)
  }

  private completeTask(t: TaskPatch): TaskPatch {
    if (t.removed) return t
    const task = this.opts.store.tasks.get(t.taskId)
    const counts = task ? taskRunCounts(this.opts.store, task) : null
    const reused = task ? this.opts.store.baselineLinks.savings(task.id) : null
    return {
      ...t,
      ...counts,
      ...(reused ? { reused } : {}),
      ...this.opts.taskExtras?.(t.taskId, t),
    }
  }

  close(): void {
    this.opts.events.off('run.changed', this.onRun)
    this.opts.events.off('task.changed', this.onTask)
    this.opts.events.off('trigger.changed', this.onTrigger)
    clearInterval(this.poll)
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.listeners.clear()
  }
}
