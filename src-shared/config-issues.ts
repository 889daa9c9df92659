// A failed config parse as problems a user can act on: the field (`evaluators[0].id`), its code, what is
// wrong, and what to do — with a "did you mean" for an unknown key among the keys its object knows.
import type { z } from 'zod'
import type { FieldIssue } from './user-error'

/** One config problem: the field (`evaluators[0].id`), its code, what is wrong, and what to do when we know. */
export type ConfigIssue = FieldIssue

/** Per object of a config (`''` the top level, `evaluators[]` each evaluator): the keys it knows. */
export type KnownKeys = Record<string, readonly string[]>

/** `['evaluators', 0, 'id']` → `evaluators[0].id`. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`
    return out ? `${out}.${String(key)}` : String(key)
  }, '')
}

function suggestion(key: string, known: readonly string[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[-_\s]/g, '')
  const n = norm(key)
  return (
    known.find((k) => norm(k) === n) ??
    known.find((k) => editDistance(norm(k), n) <= 2) ??
    known.find((k) => n.length >= 4 && (norm(k).startsWith(n) || n.startsWith(norm(k))))
  )
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    prev = row
  }
  return prev[b.length] ?? 0
}

/** Structured form of every problem in a failed parse (see `describeConfigIssues`). */
export function configIssues(error: z.ZodError, knownKeys: KnownKeys): ConfigIssue[] {
  const out: ConfigIssue[] = []
  for (const issue of error.issues) {
    const field = formatFieldPath(issue.path)
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeys[field.replace(/\[\d+\]$/, '[]')] ?? []
      for (const key of issue.keys) {
        const full = field ? `${field}.${key}` : key
        const near = suggestion(key, known)
        let fix = `remove it${known.length ? ` (known here: ${known.join(', ')})` : ''}`
        if (known.includes(key)) fix = `remove it: "${key}" goes with another "kind"`
        else if (near) fix = `did you mean "${near}"? (known here: ${known.join(', ')})`
        out.push({ field: full, code: 'unknown_key', message: `unknown key "${full}"`, fix })
      }
      continue
    }
    const missing =
      issue.code === 'invalid_type' &&
      ('input' in issue ? issue.input === undefined : /received undefined/.test(issue.message))
    if (missing) {
      out.push({
        field: field || '(top level)',
        code: 'required',
        message: `${field || '(top level)'} is required`,
        fix: 'add it',
      })
      continue
    }
    // An empty text (`nonEmpty`) is a missing value to the form, like an absent key.
    const empty = issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1
    out.push({
      field: field || '(top level)',
      code: empty ? 'required' : 'invalid',
      message: `${field || '(top level)'}: ${issue.message}`,
    })
  }
  return out
}
