// `opencode run --format json` NDJSON: a line splitter robust to partial lines and the fold into run results.
import { describeError, errorInfo, type AgentErrorInfo } from '../../../src-shared/provider-error'
import type { AgentEvent, TokenCounts } from '../types'

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
  /** The last `error` event's name, status and message (what the classification reads). */
  error: AgentErrorInfo | null
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

/** The message of an `error` event: its name, HTTP status and `error.data.message` (never the response body). */
export function errorMessage(event: AgentEvent): string {
  return describeError(errorInfo(event))
}

/** Folds the whole stream; `skillName` is this side's skill (`sideSkillName`): a completed call to it is "loaded". */
export function foldEvents(events: readonly AgentEvent[], skillName: string): FoldedEvents {
  const out: FoldedEvents = {
    sessionId: null,
    tokens: zeroTokens(),
    costUsd: null,
    finalOutput: '',
    skillLoaded: false,
    errorMessage: null,
    error: null,
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
        out.error = errorInfo(event)
        out.errorMessage = describeError(out.error)
        break
    }
  }
  out.costUsd = cost > 0 ? cost : null
  return out
}
