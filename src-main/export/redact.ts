// Keeps secrets out of an export: secret-named fields are blanked, and known secret values scrubbed everywhere.
import { isSecretFieldName, makeRedactor, REDACTED } from '../agent/isolation/redact'
import { secretNamedSources, secretSourcesFor, secretStrings } from '../agent/isolation/secret-values'

export { isSecretFieldName }

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

/** A deep copy of `value` with every occurrence of each secret replaced by `[redacted]`. */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  return makeRedactor(secrets)(value)
}

/**
 * What an export of a task scrubs: every value its agent and judge get from the user (through its opencode
 * config, else the one `env` points at, and the provider variables of `env`), and credential-named variables.
 */
export function taskSecrets(opencodeConfig: string | undefined, env: NodeJS.ProcessEnv): string[] {
  return secretStrings([...secretSourcesFor(opencodeConfig, env), ...secretNamedSources(env)])
}
