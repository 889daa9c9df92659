// Keeps secrets out of an export: secret-named fields are blanked, and known secret values scrubbed everywhere.
import { collectSecrets, makeRedactor, REDACTED } from '../agent/redact'

/** Field names that hold credentials: apiKey, API_KEY, token, accessToken, password, secret, … */
export function isSecretFieldName(name: string): boolean {
  return (
    /api[-_]?key|secret|passw(or)?d|passphrase|credential|authorization|bearer|cookie/i.test(name) ||
    /(^|[-_.])(key|token)$/i.test(name) ||
    /[a-z0-9](Key|Token)$/.test(name)
  )
}

/** A deep copy of `value` with every secret-named field's value replaced by `[redacted]`. */
export function redactSecretFields<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, isSecretFieldName(k) && x !== null ? REDACTED : walk(x)]),
      )
    return v
  }
  return walk(value) as T
}

/** The values of credential-named variables (…_KEY, …TOKEN, …SECRET, …PASSWORD) of an environment. */
export function environmentSecrets(env: NodeJS.ProcessEnv): string[] {
  const defined = Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string')
  return collectSecrets(Object.fromEntries(defined), [])
}

/** A deep copy of `value` with every occurrence of each secret replaced by `[redacted]`. */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  return makeRedactor(secrets)(value)
}
