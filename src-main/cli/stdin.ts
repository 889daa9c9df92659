// Reads all of standard input as UTF-8 text (commands that take their input on stdin). Other bytes are
// refused as a file's are (inputs/text-file): an InputError naming the line and byte offset of the first.
import { decodeUtf8 } from '../inputs/text-file'

export async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
  return decodeUtf8(Buffer.concat(chunks), 'stdin', 'input')
}
