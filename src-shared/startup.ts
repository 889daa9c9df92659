// A task's start-up: what its execution does before the first run starts (docs/run-states.md "Start-up").
// Each side that has runs to execute prepares opencode (private dirs, version, its server) and then proves
// its isolation (it sees exactly its own skill); the runs start once every side holds.
import type { Side } from './run-state'

/** Where one side is: preparing opencode, proving isolation, or ready. */
export type StartupStep = 'starting' | 'proving' | 'ready'

export interface StartupPhase {
  /** When the start-up began (ISO time). */
  startedAt: string
  /** 'server': one `opencode serve` per side starts first; 'process': each run starts its own. */
  driver: 'process' | 'server'
  /** The step of each side that has runs to execute. */
  sides: Partial<Record<Side, StartupStep>>
}
