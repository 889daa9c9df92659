// Reads all of standard input as UTF-8 (commands that take their input on stdin), a byte-order mark dropped
// as from every JSON file.
import { stripBom } from '../inputs/json-text'

export async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
  return stripBom(Buffer.concat(chunks).toString('utf8'))
}
