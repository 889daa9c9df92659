// Reads all of standard input (commands that take their input on stdin): refused past `maxBytes` while it is
// read (more than JavaScript holds in a string, about 512 MiB, is never gathered), then decoded as a file is
// (inputs/text-file): UTF-8 only, a byte-order mark dropped, other bytes refused naming the line and offset.
import { formatBytes } from '../../src-shared/bytes'
import { UserError } from '../../src-shared/user-error'
import { decodeUtf8 } from '../inputs/text-file'

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
  return decodeUtf8(Buffer.concat(chunks), 'stdin', 'input')
}
