// The text rules of blind judging: paths into a skill's snapshot, passages copied from a skill's text and
// the skill's name are replaced by a neutral marker, the same way whichever side the text comes from.
import { dirname } from 'node:path'
import { passageIndex, redactPassages, REDACTED } from './copied-passages'

/** What blinding hides: the skills of the task (both sides' when the baseline is a skill) and their copies. */
export interface BlindSpec {
  /** Each skill's name and its text (its SKILL.md: front matter, description and body). */
  skills: { name: string; text: string }[]
  /** The skills' snapshot dirs (`…/skills/<name>/<hash>/<name>`). */
  snapshotDirs: string[]
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Not inside a longer word: no letter or digit right before or after. */
const ALONE_BEFORE = '(?<![\\p{L}\\p{N}])'
const ALONE_AFTER = '(?![\\p{L}\\p{N}])'

const PATH_CHAR = `[^\\s"'\`<>()\\[\\]{}|,;]`
const PATH_END = `[^\\s"'\`<>()\\[\\]{}|,;.:!?]`

/**
 * Where a path into a snapshot starts: the folder of every snapshot of that skill (`…/skills/<name>`, above
 * the content hash, so a task resumed onto a newer snapshot of the same skill is covered too), also as a
 * `file://` URL.
 */
function snapshotPathPattern(dirs: readonly string[]): RegExp | null {
  const roots = [
    ...new Set(dirs.filter((d) => d.trim() !== '').map((d) => dirname(dirname(d.replace(/\/+$/, ''))))),
  ]
  if (roots.length === 0) return null
  // The longest root first, so a root that is a prefix of another never leaves a tail behind.
  const alternatives = roots.sort((a, b) => b.length - a.length).map(escape)
  // The rest of the path: up to a space, quote or bracket; a final full stop or colon ends the sentence.
  const rest = `(?:/(?:${PATH_CHAR}*${PATH_END})?)?`
  return new RegExp(`(?:file://)?(?:${alternatives.join('|')})(?![\\w.-])${rest}`, 'g')
}

/**
 * The forms of a skill name that are redacted.
 * - Everywhere: a name of two or more parts (`tidy-notes`) in its identifier forms, parts joined by `-`,
 *   `_`, `.` or nothing (`tidy_notes`, `TidyNotes`), as a whole word, any case. Such compounds are names,
 *   not ordinary words.
 * - Where it names a skill: any name, a one-word one (`pdf`) and a compound written with spaces
 *   (`tidy notes`) too, next to the word "skill(s)" (`the pdf skill`, `skill: "pdf"`, `skill named pdf`;
 *   the phrase goes whole), or as a path segment after `skills/`.
 * - A one-word name anywhere else stays: it is an ordinary word of the task (pdf, commit, docx) that either
 *   side may write, and a word a skill teaches is its real effect.
 */
function namePatterns(names: readonly string[]): RegExp[] {
  const out: RegExp[] = []
  for (const name of new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))) {
    const parts = name.split('-').filter(Boolean).map(escape)
    const ident = parts.join('[-_.]?')
    const spaced = parts.join('[-_.\\s]?')
    const quote = `["'\`*]*`
    const named = `${ALONE_BEFORE}${quote}${spaced}${quote}${ALONE_AFTER}`
    const skillWord = `${ALONE_BEFORE}skills?${ALONE_AFTER}`
    // "the pdf skill", "pdf skills"
    out.push(new RegExp(`(?:${ALONE_BEFORE}the\\s+)?${named}\\s*${skillWord}`, 'giu'))
    // "skill pdf", "skill: pdf", "skill named `pdf`", "skill called pdf"
    out.push(new RegExp(`${skillWord}[\\s:=(]*(?:(?:named|called)\\s+)?${named}`, 'giu'))
    // ".opencode/skills/pdf/SKILL.md"
    out.push(new RegExp(`(?<=skills?/)${spaced}${ALONE_AFTER}`, 'giu'))
    if (parts.length > 1) out.push(new RegExp(`${ALONE_BEFORE}${ident}${ALONE_AFTER}`, 'giu'))
  }
  return out
}

/** The last few blinders built: every run of a task (each evaluator, each retry) has the same spec. */
const recent = new Map<string, (text: string) => string>()
const RECENT = 4

/** A function that blinds one text by `spec`: snapshot paths, then copied passages, then names. */
export function textBlinder(spec: BlindSpec): (text: string) => string {
  const id = JSON.stringify([spec.skills, spec.snapshotDirs])
  const known = recent.get(id)
  if (known) return known
  const made = buildTextBlinder(spec)
  recent.set(id, made)
  for (const old of recent.keys()) if (recent.size > RECENT) recent.delete(old)
  return made
}

function buildTextBlinder(spec: BlindSpec): (text: string) => string {
  const paths = snapshotPathPattern(spec.snapshotDirs)
  const index = passageIndex(spec.skills.map((s) => s.text))
  const names = namePatterns(spec.skills.map((s) => s.name))
  return (text) => {
    let out = paths ? text.replace(paths, REDACTED) : text
    out = redactPassages(out, index)
    for (const re of names) out = out.replace(re, REDACTED)
    return out
  }
}

/** Whether `text` mentions a path into one of the snapshots (a tool call that did reads the skill). */
export function snapshotReference(spec: BlindSpec): (text: string) => boolean {
  const paths = snapshotPathPattern(spec.snapshotDirs)
  if (!paths) return () => false
  const once = new RegExp(paths.source)
  return (text) => once.test(text)
}
