// What every CLI command module provides, and the exit codes every command keeps (a contract scripts rely on).
import type { FlagSpec } from './args'

export const EXIT = {
  pass: 0,
  reject: 1,
  error: 2,
  inconclusive: 3,
  maxCost: 4,
  /** `run --calibrate` finished measuring a noise floor: never a verdict (README "A/A calibration"). */
  calibration: 5,
  interrupted: 130,
} as const

/** The exit code of a verdict (`run`, `merge`, `triggers`). */
export const VERDICT_EXIT = { pass: EXIT.pass, reject: EXIT.reject, inconclusive: EXIT.inconclusive } as const

export interface Io {
  out(text: string): void
  err(text: string): void
  isTty: boolean
  env: NodeJS.ProcessEnv
  cwd: string
}

export interface Command {
  name: string
  summary: string
  usage: string
  flags: FlagSpec
  run(positionals: string[], flags: Record<string, string | boolean | undefined>, io: Io): Promise<number>
}
