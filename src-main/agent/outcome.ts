// Classifies how an agent process ended into a RunOutcome kind and message (rc 0 is only "ok", never success).
// Stopped by skill-ab: canceled / timeout. An error opencode reported: provider_error when the model provider
// failed (5xx, 429, auth, unreachable: provider-error.ts), else agent_error. Otherwise a nonzero exit or a
// foreign signal: crashed.
import type { FoldedEvents } from './events'
import { describeError, isProviderError, type AgentErrorInfo } from '../../src-shared/provider-error'
import type { ProcessResult } from './run-process'
import type { OutcomeKind } from './types'

export interface Classified {
  kind: OutcomeKind
  message: string | null
}

export interface Limits {
  timeoutSec: number
  idleTimeoutSec: number
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

export function classify(res: ProcessResult, folded: FoldedEvents, limits: Limits, bin: string): Classified {
  if (res.spawnError) {
    return {
      kind: 'spawn_failed',
      message: `could not start opencode (${bin}): ${res.spawnMessage ?? res.spawnError}`,
    }
  }
  if (res.stopReason === 'canceled')
    return { kind: 'canceled', message: 'canceled: the agent process was stopped' }
  if (res.stopReason === 'timeout') {
    return {
      kind: 'timeout',
      message: `stopped at the wall-clock limit of ${limits.timeoutSec} s (agent.timeoutSec)`,
    }
  }
  if (res.stopReason === 'idle') {
    return {
      kind: 'timeout',
      message: `stopped after ${limits.idleTimeoutSec} s without any output from opencode (agent.idleTimeoutSec)`,
    }
  }
  const tail = stderrSummary(res.stderrTail, res.noise)
  const withTail = (m: string): string => (tail ? `${m}; stderr: ${tail}` : m)
  if (folded.error !== null && res.signal === null && res.exitCode !== 0) return reported(folded.error)
  if (res.signal !== null)
    return { kind: 'crashed', message: withTail(`opencode was killed by ${res.signal}, not by skill-ab`) }
  if (res.exitCode !== 0)
    return { kind: 'crashed', message: withTail(`opencode exited with code ${res.exitCode ?? 'unknown'}`) }
  if (folded.error !== null) return reported(folded.error)
  return { kind: 'ok', message: null }
}

/** An error opencode reported: the model provider's (not counted against the agent), else the agent's own. */
function reported(error: AgentErrorInfo): Classified {
  return { kind: isProviderError(error) ? 'provider_error' : 'agent_error', message: describeError(error) }
}
