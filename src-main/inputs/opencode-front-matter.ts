// A SKILL.md's front matter read as opencode 1.18 reads it: with gray-matter, and when that is not strict
// YAML (a plain value holding ": ", as in `description: Use when: …`) with opencode's fallback, which rewrites
// such values as block scalars (docs/opencode.md "Every instance sees the skill").
import matter from 'gray-matter'

/** opencode 1.18's own fallback for front matter that is not YAML (`ConfigMarkdown.sanitize`), line for line. */
export function sanitizeFrontMatter(text: string): string {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)
  if (!match) return text
  const block = match[1] as string
  const lines = block.split(/\r?\n/).flatMap((line) => {
    if (line.trim().startsWith('#') || line.trim() === '' || /^\s+/.test(line)) return [line]
    const kv = /^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$/.exec(line)
    if (!kv) return [line]
    const value = (kv[2] as string).trim()
    if (value === '' || value === '>' || value === '|' || value.startsWith('"') || value.startsWith("'"))
      return [line]
    if (!value.includes(':')) return [line]
    return [`${kv[1]}: |-`, `  ${value}`]
  })
  return text.replace(block, () => lines.join('\n'))
}

/** Whether gray-matter reads the text without an error (options given: its cache is left out). */
function readsAsYaml(text: string): boolean {
  try {
    matter(text, {})
    return true
  } catch {
    return false
  }
}

/**
 * The SKILL.md text opencode is given: the text itself when its front matter is YAML; else what opencode's
 * fallback makes of it when that is YAML; else the text (opencode hides the skill in every instance alike,
 * and the side's proof says so).
 */
export function offeredSkillText(text: string): string {
  if (readsAsYaml(text)) return text
  const sanitized = sanitizeFrontMatter(text)
  return readsAsYaml(sanitized) ? sanitized : text
}

/** What opencode reads of a SKILL.md's front matter: its data, or why it cannot (the skill is then hidden). */
export type OpencodeReading = { ok: true; data: Record<string, unknown> } | { ok: false; error: string }

/** Reads a SKILL.md as opencode 1.18 does (gray-matter, then its fallback when that throws). */
export function readLikeOpencode(text: string): OpencodeReading {
  try {
    return { ok: true, data: matter(offeredSkillText(text), {}).data as Record<string, unknown> }
  } catch (err) {
    return { ok: false, error: (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '' }
  }
}
