// `opencode run --format json` NDJSON: a line splitter robust to partial lines and the fold into run results.
import type { AgentEvent, TokenCounts } from './types'

/** Splits a byte stream into lines; `push` returns the complete lines, `end` the unterminated rest. */
export class LineSplitter {
  private rest = ''
  private readonly decoder = new TextDecoder('utf-8')

  push(chunk: Uint8Array | string): string[] {
    this.rest += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true })
    const parts = this.rest.split('\n')
    this.rest = parts.pop() ?? ''
    return parts
  }

  end(): string[] {
    const last = this.rest + this.decoder.decode()
    this.rest = ''
    return last.trim() === '' ? [] : [last]
  }
}

/** One NDJSON line → an event; null for blank lines, non-JSON noise or JSON without a string `type`. */
export function parseEventLine(line: string): AgentEvent | null {
  const text = line.trim()
  if (!text.startsWith('{')) return null
  try {
    const value = JSON.parse(text) as unknown
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null
    return typeof (value as { type?: unknown }).type === 'string' ? (value as AgentEvent) : null
  } catch {
    return null
  }
}

export function zeroTokens(): TokenCounts {
  return { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 }
}

export interface FoldedEvents {
  sessionId: string | null
  tokens: TokenCounts
  /** Summed step_finish costs; null when they sum to 0 (opencode's "no price known"). */
  costUsd: number | null
  finalOutput: string
  skillLoaded: boolean
  /** The last `error` event's message (the provider's, when it answered with one). */
  errorMessage: string | null
  /** Count of tool calls that finished with status "error" (rc 0 still). */
  toolErrors: number
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {})
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0)

/** The session id an event carries (top level, or inside its part). */
export function eventSessionId(event: AgentEvent): string | null {
  const id = event.sessionID ?? obj(event.part).sessionID
  return typeof id === 'string' && id !== '' ? id : null
}

/** The message of an `error` event: `error.data.message`, else the error's name. */
export function errorMessage(event: AgentEvent): string {
  const error = obj(event.error)
  const data = obj(error.data)
  const message = typeof data.message === 'string' && data.message ? data.message : null
  const name = typeof error.name === 'string' ? error.name : 'error'
  const status = typeof data.statusCode === 'number' ? ` (HTTP ${data.statusCode})` : ''
  return message ? `${name}${status}: ${message}` : name
}

/** Folds the whole stream; `skillName` is the skill under test. */
export function foldEvents(events: readonly AgentEvent[], skillName: string): FoldedEvents {
  const out: FoldedEvents = {
    sessionId: null,
    tokens: zeroTokens(),
    costUsd: null,
    finalOutput: '',
    skillLoaded: false,
    errorMessage: null,
    toolErrors: 0,
  }
  let cost = 0
  for (const event of events) {
    out.sessionId ??= eventSessionId(event)
    const part = obj(event.part)
    switch (event.type) {
      case 'step_finish': {
        const t = obj(part.tokens)
        const cache = obj(t.cache)
        out.tokens.input += num(t.input)
        out.tokens.output += num(t.output)
        out.tokens.reasoning += num(t.reasoning)
        out.tokens.cacheRead += num(cache.read)
        out.tokens.cacheWrite += num(cache.write)
        cost += num(part.cost)
        break
      }
      case 'text':
        if (typeof part.text === 'string') out.finalOutput = part.text
        break
      case 'tool_use': {
        const state = obj(part.state)
        if (state.status === 'error') out.toolErrors += 1
        if (part.tool === 'skill' && state.status === 'completed' && obj(state.input).name === skillName) {
          out.skillLoaded = true
        }
        break
      }
      case 'error':
        out.errorMessage = errorMessage(event)
        break
    }
  }
  out.costUsd = cost > 0 ? cost : null
  return out
}
