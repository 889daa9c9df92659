// The text of a stored skill snapshot, for blind judging: its SKILL.md (front matter, description, body),
// read from the snapshot the task ran with, never the live folder. Only SKILL.md: a template or script the
// skill ships is what b may rightly apply, and judging it as copied text would hide the skill's effect.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** A SKILL.md bigger than this is read up to it (a skill's instructions are small; the rest is data). */
const MAX_BYTES = 256 * 1024

/** The snapshot's SKILL.md as text; '' when the snapshot is gone or the file cannot be read. */
export function readSkillText(snapshotDir: string): string {
  try {
    const buf = readFileSync(join(snapshotDir, 'SKILL.md'))
    return buf.subarray(0, MAX_BYTES).toString('utf8')
  } catch {
    return ''
  }
}
