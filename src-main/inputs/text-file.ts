// Reads a text input (config, dataset, opencode config): a regular file only — a FIFO or a device is
// refused without waiting on it — within a size limit, and UTF-8 only, naming the first bad byte.
import { isUtf8 } from 'node:buffer'
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs'
import { overLimit } from '../../src-shared/bytes'
import { InputError, reasonOf } from './errors'
import { stripBom } from './json-text'
import { invalidUtf8Offset } from './utf8'

export interface TextFileOptions {
  /** The file as messages show it. */
  shown: string
  /** What the file is, for messages: "config file", "dataset", "opencode config". */
  what: string
  /** Refused above this size. */
  maxBytes: number
  /** What to do when the file is missing or unreadable. */
  fix: string
  /** What to do when it is over `maxBytes` (default: make it smaller). */
  tooLargeFix?: string
}

/** Why a path that exists is not a regular file: "is a FIFO (named pipe)"; null for a regular file. */
export function notRegularFile(st: Stats): string | null {
  if (st.isFile()) return null
  if (st.isDirectory()) return 'is a folder'
  if (st.isFIFO()) return 'is a FIFO (named pipe), not a file'
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'is a device, not a file'
  if (st.isSocket()) return 'is a socket, not a file'
  return 'is not a regular file'
}

/**
 * The file's text without a byte order mark. Opened non-blocking, so a FIFO with no writer cannot hang
 * the process; checked on the open descriptor, so the file cannot be swapped between check and read.
 */
export function readTextFile(abs: string, opts: TextFileOptions): string {
  const { shown, what } = opts
  let fd: number
  try {
    fd = openSync(abs, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch (err) {
    const code = reasonOf(err)
    const missing = code === 'ENOENT' || code === 'ENOTDIR'
    throw new InputError({
      file: shown,
      message: missing ? `${what} not found` : `${what} cannot be read (${code})`,
      fix: opts.fix,
    })
  }
  let bytes: Buffer
  try {
    const st = fstatSync(fd)
    const odd = notRegularFile(st)
    if (odd)
      throw new InputError({
        file: shown,
        message: `the ${what} ${odd}`,
        fix: `give the path of the ${what} itself (a regular file)`,
      })
    if (st.size > opts.maxBytes)
      throw new InputError({
        file: shown,
        message: `the ${what} ${overLimit(st.size, opts.maxBytes)}`,
        fix: opts.tooLargeFix ?? 'make it smaller',
      })
    bytes = Buffer.alloc(st.size)
    let got = 0
    while (got < st.size) {
      const n = readSync(fd, bytes, got, st.size - got, got)
      if (n === 0) break
      got += n
    }
    bytes = bytes.subarray(0, got)
  } catch (err) {
    if (err instanceof InputError) throw err
    throw new InputError({ file: shown, message: `${what} cannot be read (${reasonOf(err)})`, fix: opts.fix })
  } finally {
    closeSync(fd)
  }
  return decodeUtf8(bytes, shown, what)
}

/** UTF-8 bytes as text; anything else is refused with the byte offset (and line) of the first bad byte. */
export function decodeUtf8(bytes: Uint8Array, shown: string, what: string): string {
  const bad = isUtf8(bytes) ? -1 : invalidUtf8Offset(bytes)
  if (bad < 0) return stripBom(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'))
  let line = 1
  for (let i = 0; i < bad; i++) if (bytes[i] === 0x0a) line++
  const byte = (bytes[bad] ?? 0).toString(16).toUpperCase().padStart(2, '0')
  throw new InputError({
    file: shown,
    line,
    message: `the ${what} is not UTF-8 text: invalid byte sequence at byte offset ${bad} (0x${byte})`,
    fix: 'save the file as UTF-8',
  })
}
