// The text of a stored skill snapshot, for blind judging: SKILL.md whole (front matter, description, body)
// and the snapshot's other small text files. Read from the snapshot a task ran with, never the live folder.
import { readFileSync } from 'node:fs'
import { listSkillFiles } from '../inputs/skill-files'

/** Files bigger than this are not read (a skill's text is small; big files are data). */
const FILE_BYTES = 256 * 1024
/** At most this much text per skill. */
const TOTAL_BYTES = 1024 * 1024

/**
 * The texts of the snapshot joined by blank lines, SKILL.md first. Left out: `evals/` (the skill's own
 * test cases: their expected outputs would hide a correct answer from the judge on both sides), binary
 * files (a NUL byte), files over FILE_BYTES, and whatever cannot be read. A snapshot that is gone gives ''.
 */
export function readSkillText(snapshotDir: string): string {
  let files
  try {
    files = listSkillFiles(snapshotDir).filter((f) => !f.link && !/^evals(\/|$)/.test(f.rel))
  } catch {
    return ''
  }
  files.sort((a, b) => Number(b.rel === 'SKILL.md') - Number(a.rel === 'SKILL.md'))
  const texts: string[] = []
  let total = 0
  for (const f of files) {
    let buf: Buffer
    try {
      buf = readFileSync(f.abs)
    } catch {
      continue
    }
    if (buf.length > FILE_BYTES || buf.includes(0) || total + buf.length > TOTAL_BYTES) continue
    total += buf.length
    texts.push(buf.toString('utf8'))
  }
  return texts.join('\n\n')
}
