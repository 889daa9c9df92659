// `skill-ab run`'s run-mode flags (--trial, --append, --rerun, --runs) as the one RunMode they ask for,
// and how the CLI names a mode and a count.
import type { RunMode } from '../../src-shared/run-mode'
import { plainNumber, UsageError } from './args'
import { plural } from '../../src-shared/plural'

export function modeText(mode: RunMode): string {
  switch (mode.kind) {
    case 'trial':
      return `trial run: the first ${plural(mode.cases, 'case')}, round 1 only`
    case 'append':
      return 'append: only cases new to the task'
    case 'retry-selected':
      return `retry selected runs: ${mode.runIds.join(', ')}`
    default:
      return mode.kind.replace('-', ' ')
  }
}

/** The one run mode the flags ask for; two at once is a usage error. */
export function runModeOf(flags: Record<string, string | boolean | undefined>): RunMode {
  const modes: RunMode[] = []
  if (flags.rerun !== undefined) {
    if (flags.rerun !== 'failed' && flags.rerun !== 'all')
      throw new UsageError('--rerun takes "failed" or "all"')
    modes.push({ kind: flags.rerun === 'failed' ? 'retry-failed' : 'retry-all' })
  }
  if (flags.trial !== undefined) {
    const n = plainNumber(flags.trial)
    if (n === null || !Number.isInteger(n) || n < 1)
      throw new UsageError(
        `--trial takes a number of cases ≥ 1, as a plain whole number (e.g. 5), not "${String(flags.trial)}"`,
      )
    modes.push({ kind: 'trial', cases: n })
  }
  if (flags.append) modes.push({ kind: 'append' })
  if (typeof flags.runs === 'string') {
    const runIds = flags.runs
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    if (!runIds.length) throw new UsageError('--runs takes run ids separated by commas')
    modes.push({ kind: 'retry-selected', runIds })
  }
  if (modes.length > 1)
    throw new UsageError('--trial, --append, --rerun and --runs cannot be combined: pick one')
  return modes[0] ?? { kind: 'submit' }
}
