// The text fields of a config (binding, shared by the task, trigger and case-analysis configs): non-empty
// text, a printable task name, and a path that can name a file at all.
import { z } from 'zod'

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
/** The longest task name, in characters: it names folders, argv entries and report headings. */
export const MAX_TASK_NAME = 200
/** A character's code point as a message shows it: `U+0000`. */
const codePoint = (c: string): string =>
  `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`

/** Characters a name may not hold: controls (NUL, newline, tab…), lone surrogates, bidi overrides. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u

/** A task name: printable, at most MAX_TASK_NAME characters. */
export const taskName = nonEmpty.superRefine((name, ctx) => {
  const chars = [...name]
  if (chars.length > MAX_TASK_NAME)
    ctx.addIssue({
      code: 'custom',
      message: `is ${chars.length} characters long: use at most ${MAX_TASK_NAME}`,
    })
  const at = chars.findIndex((c) => UNPRINTABLE.test(c))
  if (at >= 0)
    ctx.addIssue({
      code: 'custom',
      message: `character ${at + 1} is not printable (${codePoint(chars[at] as string)}): use letters, digits, spaces and punctuation only`,
    })
})

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
