// Test helpers for src-main/inputs: real temp folders with files written from a path → content map.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach } from 'vitest'
import { InputError } from './errors'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A fresh temp folder holding `files` (rel path → content); removed after the test. */
export function tempTree(files: Record<string, string | Buffer> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'skill-ab-inputs-'))
  made.push(root)
  writeTree(root, files)
  return root
}

export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const path = join(root, rel)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, content)
  }
}

/** Runs `fn`, expects an InputError and returns it. */
export function inputError(fn: () => unknown): InputError {
  try {
    fn()
  } catch (err) {
    if (err instanceof InputError) return err
    throw err
  }
  throw new Error('expected an InputError, nothing was thrown')
}

/** The error's message and problems with `<dir>/` removed, so expectations read like the user sees them. */
export function shown(err: InputError, dir: string): { message: string; problems: string[] } {
  const strip = (s: string) => s.replaceAll(`${dir}/`, '')
  return { message: strip(err.message), problems: err.problems.map(strip) }
}

/** JSON Lines of `rows` (a string row is kept as it is: a malformed line). */
export const jsonl = (...rows: unknown[]): string =>
  rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n')
