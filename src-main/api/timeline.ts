// A trajectory as a readable timeline: text, tool calls with input and output, each
// LLM step's tokens and cost, errors. Long bodies are cut so a 1,000-event run stays light to send.
import { errorMessage } from '../agent/session/run-events'
import type { AgentEvent } from '../agent/types'
import type { TimelineItem } from '../../src-shared/ipc-views'
import { formatUsd } from '../../src-shared/spend-format'

export const BODY_LIMIT = 4000

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {})
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0)

export function cut(text: string, limit = BODY_LIMIT): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}\n… (${text.length - limit} more characters)`
}

function show(v: unknown): string {
  if (typeof v === 'string') return v
  if (v === undefined || v === null) return ''
  return JSON.stringify(v, null, 2)
}

export function toTimelineItem(event: AgentEvent): TimelineItem | null {
  const at = typeof event.timestamp === 'number' ? event.timestamp : null
  const part = obj(event.part)
  switch (event.type) {
    case 'text':
      return { kind: 'text', at, title: 'assistant', body: cut(show(part.text)) }
    case 'reasoning':
      return { kind: 'text', at, title: 'reasoning', body: cut(show(part.text)) }
    case 'tool_use': {
      const state = obj(part.state)
      const failed = state.status === 'error'
      const title = `${show(part.tool) || 'tool'}${typeof state.title === 'string' && state.title ? `: ${state.title}` : ''}${failed ? ' (error)' : ''}`
      const output = failed ? show(state.error) : show(state.output)
      return {
        kind: failed ? 'error' : 'tool',
        at,
        title,
        body: cut(`input:\n${show(state.input)}${output ? `\n\noutput:\n${output}` : ''}`),
      }
    }
    case 'step_finish': {
      const t = obj(part.tokens)
      const cache = obj(t.cache)
      const cost = num(part.cost)
      return {
        kind: 'step',
        at,
        title: `step done (${show(part.reason) || 'end'})`,
        body: `tokens in ${num(t.input)}, out ${num(t.output)}, reasoning ${num(t.reasoning)}, cache read ${num(cache.read)}, cache write ${num(cache.write)}; cost ${cost > 0 ? formatUsd(cost) : 'unknown price'}`,
      }
    }
    case 'step_start':
      return null
    case 'error':
      return { kind: 'error', at, title: 'error', body: errorMessage(event) }
    default:
      return { kind: 'other', at, title: event.type, body: cut(show(part), 1000) }
  }
}

export function toTimeline(events: readonly AgentEvent[]): TimelineItem[] {
  return events.map(toTimelineItem).filter((i): i is TimelineItem => i !== null)
}
