// The content hash of a skill's files: read in chunks, so a file of any size is hashed without loading it,
// and never through a link or from a pipe.
import { closeSync, lstatSync, readlinkSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { displayPath, InputError, reasonOf } from './errors'
import { openRegularFile, readChunks } from './skill-checks'
import { IGNORE_FILE, type SkillFile } from './skill-files'

/**
 * Per file, in the given order (byte order of the paths): the UTF-8 path, 0x00, the byte length in
 * decimal ASCII, 0x00, the content; a symlink's content is its link text. `sha256:<hex>`.
 */
export function hashFiles(files: readonly SkillFile[]): string {
  const hash = createHash('sha256')
  const head = (rel: string, length: number): void => {
    hash.update(Buffer.from(rel, 'utf8'))
    hash.update(Buffer.from([0]))
    hash.update(String(length), 'ascii')
    hash.update(Buffer.from([0]))
  }
  for (const f of files) {
    if (f.link) {
      const text = readlinkSync(f.abs, { encoding: 'buffer' })
      head(f.rel, text.length)
      hash.update(text)
      continue
    }
    const opened = openUnlessUnreadable(f.abs)
    if (opened.fd === null) throw changed(f.abs)
    try {
      head(f.rel, opened.st.size)
      const read = readChunks(opened.fd, (chunk) => hash.update(chunk))
      if (read !== opened.st.size) throw changed(f.abs)
    } finally {
      closeSync(opened.fd)
    }
  }
  return `sha256:${hash.digest('hex')}`
}

/** openRegularFile, with a file that cannot be opened (permissions) named in an InputError. */
function openUnlessUnreadable(path: string): ReturnType<typeof openRegularFile> {
  try {
    return openRegularFile(path)
  } catch (err) {
    throw new InputError({
      file: displayPath(path),
      message: `cannot be read (${reasonOf(err)})`,
      fix: `make it readable, or list it in ${IGNORE_FILE} to leave it out of the snapshot`,
    })
  }
}

function changed(path: string): InputError {
  return new InputError({
    file: displayPath(path),
    message: 'changed while the skill was being read',
    fix: 'try again once nothing writes to the skill folder',
  })
}

/**
 * The largest file the hash reader of snapshots made before size limits could read (Node's limit for
 * reading a whole file): a folder holding a bigger one never got a recipe-1 hash, so none need matching.
 */
export const OLD_READER_LIMIT = 2 ** 31 - 1

/** Whether any regular file in `files` is larger than OLD_READER_LIMIT (from lstat, nothing read). */
export function holdsUnreadableGiant(files: readonly SkillFile[]): boolean {
  return files.some((f) => !f.link && lstatSync(f.abs).size > OLD_READER_LIMIT)
}
