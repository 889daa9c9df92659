// The content hash of a dataset case: an edited case under the same id gets another hash.
import { createHash } from 'node:crypto'
import type { CaseFiles } from '../../src-shared/case-file'

/**
 * `sha256:<hex>` of the canonical JSON (sorted keys, no spaces) of a case's content. A binary file is there
 * as its bytes (`{base64}`), so changing one byte changes the hash; text files hash as before.
 */
export function caseContentHash(body: {
  id: string
  prompt: string
  files: CaseFiles
  expectedOutput: string | null
  expectations: readonly string[]
}): string {
  return `sha256:${createHash('sha256').update(canonicalJson(body)).digest('hex')}`
}

/** JSON with object keys sorted at every level and no whitespace: equal content, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>
    const keys = Object.keys(obj).sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
