// Keeps credentials of the agent's env and config out of stored events, stderr, messages and diffs: every
// occurrence of a known secret value is replaced, wherever it stands.
import type { AgentEvent } from '../../../src-shared/agent-event'

export const REDACTED = '[redacted]'

/** Field names that hold credentials: apiKey, API_KEY, token, accessToken, accessKeyId, password, secret, … */
export function isSecretFieldName(name: string): boolean {
  return (
    /api[-_]?key|access[-_]?key|secret|passw(or)?d|passphrase|credential|authorization|bearer|cookie/i.test(
      name,
    ) ||
    /(^|[-_.])(key|token)$/i.test(name) ||
    /[a-z0-9](Key|Token)$/.test(name)
  )
}

export type Redactor = <T>(value: T) => T

/** A function replacing every secret in strings (deeply in objects and arrays). */
export function makeRedactor(secrets: readonly string[]): Redactor {
  if (secrets.length === 0) return (v) => v
  const text = (s: string): string => {
    let out = s
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED)
    return out
  }
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v)
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
    return v
  }
  return <T>(value: T): T => walk(value) as T
}

/** Redacts one event (returned as it is when there is nothing to redact). */
export function redactEvent(event: AgentEvent, secrets: readonly string[], redact: Redactor): AgentEvent {
  return secrets.length === 0 ? event : redact(event)
}
