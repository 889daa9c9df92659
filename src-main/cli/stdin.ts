// Reads all of standard input as UTF-8 (commands that take their input on stdin), a byte-order mark dropped
// as from every JSON file, and refused past `maxBytes` while it is read: more than JavaScript holds in a
// string (about 512 MiB) is never gathered.
import { formatBytes } from '../../src-shared/bytes'
import { UserError } from '../../src-shared/user-error'
import { stripBom } from '../inputs/json-text'

export async function readProcessStdin(maxBytes: number, fix: string): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of process.stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    size += bytes.length
    if (size > maxBytes)
      throw new UserError('input', `stdin holds more than ${formatBytes(maxBytes)}, over the limit: ${fix}`)
    chunks.push(bytes)
  }
  return stripBom(Buffer.concat(chunks).toString('utf8'))
}
