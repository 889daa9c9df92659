// Announces a task's start-up as it goes: each side starting opencode, proving its isolation, ready; and
// its end, once the runs may start (docs/run-states.md "Start-up"). Nothing is stored: it lasts seconds.
import type { Side } from '../../src-shared/run-state'
import type { StartupPhase, StartupStep } from '../../src-shared/startup'
import type { EngineEvents } from './events'

export interface StartupReport {
  step(side: Side, step: StartupStep): void
  end(): void
}

export function reportStartup(
  events: EngineEvents,
  taskId: string,
  driver: StartupPhase['driver'],
  sides: readonly Side[],
): StartupReport {
  const phase: StartupPhase = {
    startedAt: new Date().toISOString(),
    driver,
    sides: Object.fromEntries(sides.map((side) => [side, 'starting'])),
  }
  const announce = () =>
    events.emit('task.startup', { taskId, phase: { ...phase, sides: { ...phase.sides } } })
  announce()
  let ended = false
  return {
    step(side, step) {
      if (ended || phase.sides[side] === step) return
      phase.sides[side] = step
      announce()
    },
    end() {
      if (ended) return
      ended = true
      events.emit('task.startup', { taskId, phase: null })
    },
  }
}
