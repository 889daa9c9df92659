// Server-sent events (`opencode serve`'s GET /event): a parser robust to split chunks, and a reader over fetch.
import { LineSplitter } from '../session/run-events'

/** One SSE message: its `event` name (default "message") and its data lines joined by "\n". */
export interface SseMessage {
  event: string
  data: string
}

/** Feeds bytes, returns complete messages (a blank line ends one; comments and `id:`/`retry:` ignored). */
export class SseParser {
  private readonly lines = new LineSplitter()
  private data: string[] = []
  private event = ''

  push(chunk: Uint8Array | string): SseMessage[] {
    const out: SseMessage[] = []
    for (const raw of this.lines.push(chunk)) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
      if (line === '') {
        if (this.data.length > 0) out.push({ event: this.event || 'message', data: this.data.join('\n') })
        this.data = []
        this.event = ''
        continue
      }
      if (line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon < 0 ? line : line.slice(0, colon)
      let value = colon < 0 ? '' : line.slice(colon + 1)
      if (value.startsWith(' ')) value = value.slice(1)
      if (field === 'data') this.data.push(value)
      else if (field === 'event') this.event = value
    }
    return out
  }
}

/** A bus event of `opencode serve`: `{type, properties}` (plus an id). */
export interface ServeEvent {
  type: string
  properties: Record<string, unknown>
}

/** The JSON of an SSE data payload as a serve event; null for anything else. */
export function parseServeEvent(data: string): ServeEvent | null {
  try {
    const value = JSON.parse(data) as unknown
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null
    const { type, properties } = value as { type?: unknown; properties?: unknown }
    if (typeof type !== 'string') return null
    const props =
      properties && typeof properties === 'object' && !Array.isArray(properties)
        ? (properties as Record<string, unknown>)
        : {}
    return { type, properties: props }
  } catch {
    return null
  }
}

/**
 * Reads a streaming response body as serve events until it ends, `signal` aborts, or the body errors.
 * Resolves with why it stopped ('end' | 'aborted' | the error's message); never rejects.
 */
export async function readServeEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServeEvent) => void,
  signal: AbortSignal,
): Promise<string> {
  const parser = new SseParser()
  const reader = body.getReader()
  const onAbort = (): void => void reader.cancel().catch(() => {})
  signal.addEventListener('abort', onAbort, { once: true })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return signal.aborted ? 'aborted' : 'end'
      for (const message of parser.push(value)) {
        const event = parseServeEvent(message.data)
        if (event) onEvent(event)
      }
    }
  } catch (err) {
    return signal.aborted ? 'aborted' : (err as Error).message
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
}
