// The agent's env holds the user's credentials, so a file it wrote may hold them too. The work dir is kept
// (for its diff, re-evaluation and command evaluators): before it is committed for the diff, every secret in
// a file the run wrote is replaced, so no copy stays in the data dir, not even inside git's objects.
import { lstat, readdir, readFile, writeFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { REDACTED } from '../isolation/redact'

/** Larger files are left as they are (and named in the run's stderr tail). */
export const MAX_SCRUB_BYTES = 16 * 1024 * 1024
/** mtime granularity and clock skew: files changed this long before the run started are scanned too. */
const MTIME_SLACK_MS = 2000

function replaceAll(buf: Buffer, needle: Buffer, by: Buffer): Buffer | null {
  let i = buf.indexOf(needle)
  if (i < 0) return null
  const parts: Buffer[] = []
  let from = 0
  while (i >= 0) {
    parts.push(buf.subarray(from, i), by)
    from = i + needle.length
    i = buf.indexOf(needle, from)
  }
  parts.push(buf.subarray(from))
  return Buffer.concat(parts)
}

/**
 * Replaces each of `secrets` (longest first) in every regular file under `workDir` changed since `sinceMs`,
 * outside `.git`; links are not followed. Returns a note naming the files too large to scan, else ''.
 */
export async function scrubWorkDir(
  workDir: string,
  secrets: readonly string[],
  sinceMs: number,
): Promise<string> {
  if (secrets.length === 0) return ''
  const needles = secrets.map((s) => Buffer.from(s))
  const by = Buffer.from(REDACTED)
  const tooLarge: string[] = []
  const entries = await readdir(workDir, { recursive: true, withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const file = join(entry.parentPath, entry.name)
    const rel = relative(workDir, file)
    if (rel === '.git' || rel.startsWith(`.git${sep}`)) continue
    try {
      const st = await lstat(file)
      if (st.mtimeMs < sinceMs - MTIME_SLACK_MS) continue
      if (st.size > MAX_SCRUB_BYTES) {
        tooLarge.push(rel)
        continue
      }
      let buf: Buffer = await readFile(file)
      let changed = false
      for (const needle of needles) {
        const next = replaceAll(buf, needle, by)
        if (next) [buf, changed] = [next, true]
      }
      if (changed) await writeFile(file, buf)
    } catch {
      // gone, or unreadable for the app: left as it is
    }
  }
  if (tooLarge.length === 0) return ''
  return `\n[skill-ab: not checked for secrets (over ${MAX_SCRUB_BYTES / 1024 / 1024} MiB): ${tooLarge.join(', ')}]\n`
}
