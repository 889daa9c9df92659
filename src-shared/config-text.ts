// The text fields of a config (binding, shared by the task, trigger and case-analysis configs): non-empty
// text, a printable name (printable-name.ts), and a path that can name a file at all.
import { z } from 'zod'
import { refineName } from './printable-name'

/** A given value as a message shows it (JSON would show a number too large for a double as null). */
export const got = (input: unknown): string =>
  input === undefined
    ? 'nothing'
    : typeof input === 'number' && !Number.isFinite(input)
      ? `${String(input)}, a number too large`
      : JSON.stringify(input)

export const nonEmpty = z
  .string({
    error: (iss) => (iss.input === undefined ? undefined : `must be a text (got ${got(iss.input)})`),
  })
  .trim()
  .min(1, 'must not be empty')
/** A name or label a person gives (task name, skill label, evaluator id): printable, not too long. */
export const printableName = nonEmpty.superRefine(refineName)

/** Why a path cannot name any file (a NUL character: no file system takes one), or null. */
export function pathTextProblem(path: string): string | null {
  const at = [...path].indexOf('\0')
  return at < 0 ? null : `holds a NUL character (U+0000) at character ${at + 1}, which no path can: remove it`
}

/** A path in a config: non-empty text that can name a file (checked before any file system call sees it). */
export const pathText = nonEmpty.superRefine((path, ctx) => {
  const problem = pathTextProblem(path)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})
