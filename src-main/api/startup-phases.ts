// The start-up of each task running in this process, as its engine announces it: a task opened mid-start-up
// shows where it is, and every change reaches the open views in the next patch.
import type { EngineEvents, StartupChange } from '../engine/events'
import type { StartupPhase } from '../../src-shared/startup'

export class StartupPhases {
  private readonly phases = new Map<string, StartupPhase>()
  private readonly onStartup = ({ taskId, phase }: StartupChange): void => {
    if (phase) this.phases.set(taskId, phase)
    else this.phases.delete(taskId)
    this.onChange(taskId, phase)
  }

  constructor(
    private readonly events: EngineEvents,
    private readonly onChange: (taskId: string, phase: StartupPhase | null) => void,
  ) {
    events.on('task.startup', this.onStartup)
  }

  get(taskId: string): StartupPhase | null {
    return this.phases.get(taskId) ?? null
  }

  close(): void {
    this.events.off('task.startup', this.onStartup)
  }
}
