// Tiny argv parser for the CLI: positionals and declared --flags only; anything else is a usage error.
import { pathTextProblem } from '../../src-shared/config-text'

export class UsageError extends Error {
  override name = 'UsageError'
}

export interface FlagSpec {
  /** `string` flags take a value (`--out f` or `--out=f`); `boolean` flags take none. */
  [name: string]: 'string' | 'boolean'
}

export interface ParsedArgs {
  positionals: string[]
  flags: Record<string, string | boolean | undefined>
}

export function parseArgs(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  const positionals: string[] = []
  const flags: ParsedArgs['flags'] = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1))
      break
    }
    if (!arg.startsWith('--') || arg === '--') {
      if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`)
      refuseNul(`argument ${positionals.length + 1}`, arg)
      positionals.push(arg)
      continue
    }
    const eq = arg.indexOf('=')
    const name = arg.slice(2, eq >= 0 ? eq : undefined)
    const kind = spec[name]
    if (!kind) throw new UsageError(`unknown option --${name}`)
    if (kind === 'boolean') {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`)
      flags[name] = true
      continue
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i]
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`)
    refuseNul(`--${name}`, value)
    flags[name] = value
  }
  return { positionals, flags }
}

/**
 * A numeric flag's value (`5`, `0.50`, `.5`), or null when it is not a plain decimal number: Number() alone
 * would read `0x10` as 16, `1e1` as 10 and `" "` as 0. Each flag says its own range in its message.
 */
export function plainNumber(value: string | boolean | undefined): number | null {
  if (typeof value !== 'string' || !/^(\d+(\.\d+)?|\.\d+)$/.test(value)) return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}

/** Arguments are paths, mostly: one holding a NUL character names no file (Node would throw at the call). */
function refuseNul(where: string, value: string): void {
  const problem = pathTextProblem(value)
  if (problem) throw new UsageError(`${where} ${problem}`)
}
