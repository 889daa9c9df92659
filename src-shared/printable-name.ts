// What a name or label a person gives must be (a task's name, a skill version's label, an evaluator's id):
// short enough to name folders, argv entries and report headings, and printable, so that what a screen or a
// terminal shows is what was written (no control characters, no bidi overrides). Pure: the renderer reads
// exports with it too.
import type { z } from 'zod'

/** The longest name or label, in characters. */
export const MAX_NAME_CHARS = 200
/** Characters a name may not hold: controls (NUL, newline, tab, ESC, BEL…), lone surrogates, bidi overrides. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u

/** What is wrong with a name: too long, or a character that is not printable; [] when it is fine. */
export function nameProblems(name: string): string[] {
  const chars = [...name]
  const problems: string[] = []
  if (chars.length > MAX_NAME_CHARS)
    problems.push(`is ${chars.length} characters long: use at most ${MAX_NAME_CHARS}`)
  const at = chars.findIndex((c) => UNPRINTABLE.test(c))
  if (at >= 0) {
    const code = (chars[at] as string).codePointAt(0) ?? 0
    problems.push(
      `character ${at + 1} is not printable (U+${code.toString(16).toUpperCase().padStart(4, '0')}): use letters, digits, spaces and punctuation only`,
    )
  }
  return problems
}

/** `nameProblems` as a zod refinement: `z.string().superRefine(refineName)`. */
export function refineName(name: string, ctx: z.RefinementCtx): void {
  for (const message of nameProblems(name)) ctx.addIssue({ code: 'custom', message })
}
