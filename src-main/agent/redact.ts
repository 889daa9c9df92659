// Keeps credentials of the agent's env and config out of stored events, stderr, messages and diffs.
import type { AgentEvent } from './types'
import { isSecretEnvName } from './run-env'

export const REDACTED = '[redacted]'

/** Secret values worth redacting: credential-named variables of `env` and literal config keys. */
export function collectSecrets(env: Record<string, string>, literals: readonly string[]): string[] {
  const found = new Set<string>(literals.filter((s) => s.length >= 6))
  for (const [name, value] of Object.entries(env))
    if (isSecretEnvName(name) && value.length >= 8) found.add(value)
  // Longest first, so a secret containing another is replaced whole.
  return [...found].sort((a, b) => b.length - a.length)
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
