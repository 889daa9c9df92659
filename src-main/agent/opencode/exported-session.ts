// An exported opencode session (`opencode export <id>`, docs/opencode.md) as the events `opencode run
// --format json` streams, so an imported trace is stored, condensed and judged like an executed run.
import { foldEvents, type FoldedEvents } from '../session/run-events'
import type { AgentEvent } from '../types'

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {})
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/** Part type in the export → event type in the run stream. */
const EVENT_OF_PART: Record<string, string> = {
  text: 'text',
  reasoning: 'reasoning',
  tool: 'tool_use',
  'step-start': 'step_start',
  'step-finish': 'step_finish',
}

export interface SessionTrace {
  sessionId: string
  title: string
  /** The session's directory when it ran (informative only: nothing runs there). */
  directory: string | null
  /** What the user asked: the text of the first user message. */
  prompt: string
  events: AgentEvent[]
  folded: FoldedEvents
  createdAt: string | null
  updatedAt: string | null
}

const iso = (ms: unknown): string | null =>
  typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms).toISOString() : null

/** Converts one export document; throws when it is not one (no `info.id`). */
export function sessionTrace(exported: unknown): SessionTrace {
  const info = obj(obj(exported).info)
  const sessionId = info.id
  if (typeof sessionId !== 'string' || sessionId === '') throw new Error('not an opencode session export')
  const events: AgentEvent[] = []
  let prompt: string | null = null
  for (const message of list(obj(exported).messages)) {
    const m = obj(message)
    const meta = obj(m.info)
    const parts = list(m.parts).map(obj)
    if (meta.role === 'user') {
      prompt ??= parts
        .filter((p) => p.type === 'text' && typeof p.text === 'string' && !p.synthetic)
        .map((p) => p.text as string)
        .join('\n')
      continue
    }
    const timestamp = obj(meta.time).created
    for (const part of parts) {
      const type = EVENT_OF_PART[String(part.type)]
      if (type)
        events.push({
          type,
          timestamp: typeof timestamp === 'number' ? timestamp : undefined,
          sessionID: sessionId,
          part,
        })
    }
    if (meta.error) events.push({ type: 'error', sessionID: sessionId, error: meta.error })
  }
  const time = obj(info.time)
  return {
    sessionId,
    title: typeof info.title === 'string' ? info.title : '',
    directory: typeof info.directory === 'string' ? info.directory : null,
    prompt: prompt ?? '',
    events,
    folded: foldEvents(events, ''),
    createdAt: iso(time.created),
    updatedAt: iso(time.updated),
  }
}
