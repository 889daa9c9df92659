// A session's RunOutcome kind and message, and the stderr summary crash messages carry (the mapping from
// how a session ended is session-ending.ts).
import type { OutcomeKind } from '../types'

export interface Classified {
  /** How a session ended (`not_isolated` is decided before a session, never from one). */
  kind: Exclude<OutcomeKind, 'not_isolated'>
  message: string | null
}

export interface Limits {
  timeoutSec: number
  idleTimeoutSec: number
  /** The config section the limits come from, named in messages; default agent. */
  section?: 'agent' | 'judge'
}

/** The last lines of stderr, for a crash message. */
export function stderrSummary(stderrTail: string, noise: string[] = [], maxChars = 1500): string {
  const lines = stderrTail
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '')
  const text = [...noise.slice(-5), ...lines].join('\n')
  return text.length > maxChars ? `…${text.slice(-maxChars)}` : text
}
