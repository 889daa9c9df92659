// Background work of the app (run a task, re-evaluate): at most one job per task, each with its own
// AbortController; cancel by task id; every job stopped and awaited on quit.
import { UserError } from '../../src-shared/user-error'

export interface Job {
  kind: 'run' | 'reevaluate' | 'triggers'
  controller: AbortController
  done: Promise<void>
}

export class JobRegistry {
  private readonly jobs = new Map<string, Job>()
  /** The last problem a job met, per task (shown on the task until its next job starts). */
  private readonly messages = new Map<string, string>()

  /** `onChange` is called whenever a task's busy flag or message changes (the live patches carry it). */
  constructor(private readonly onChange: (taskId: string) => void) {}

  busy(taskId: string): boolean {
    return this.jobs.has(taskId)
  }

  message(taskId: string): string | null {
    return this.messages.get(taskId) ?? null
  }

  /**
   * Starts `work` for the task unless a job of this process already holds it. Errors end the job and are
   * kept as the task's message (and announced), never thrown into the void.
   */
  start(taskId: string, kind: Job['kind'], work: (signal: AbortSignal) => Promise<unknown>): Job {
    const running = this.jobs.get(taskId)
    if (running) throw jobBusy(running.kind)
    const controller = new AbortController()
    this.messages.delete(taskId)
    const job: Job = {
      kind,
      controller,
      done: Promise.resolve()
        .then(() => work(controller.signal))
        .then(
          () => undefined,
          (err: unknown) => {
            this.messages.set(taskId, err instanceof Error ? err.message : String(err))
          },
        )
        .finally(() => {
          this.jobs.delete(taskId)
          this.onChange(taskId)
        }),
    }
    this.jobs.set(taskId, job)
    this.onChange(taskId)
    return job
  }

  /** Asks the task's job to stop; resolves when it has (agents stopped, state written). */
  async cancel(taskId: string): Promise<boolean> {
    const job = this.jobs.get(taskId)
    if (!job) return false
    job.controller.abort()
    await job.done
    return true
  }

  /** Stops every job (app quit): agents are stopped and their runs written before this resolves. */
  async stopAll(): Promise<void> {
    const all = [...this.jobs.values()]
    for (const job of all) job.controller.abort()
    await Promise.all(all.map((j) => j.done))
  }

  get size(): number {
    return this.jobs.size
  }
}

/** A job of this process already holds the task (`kind` is that job's). */
export function jobBusy(kind: Job['kind']): UserError {
  const doing = { run: 'running', reevaluate: 'being re-evaluated', triggers: 'probing its triggers' }[kind]
  return new UserError('busy', `the task is ${doing}: wait until it ends, or cancel it first`)
}
