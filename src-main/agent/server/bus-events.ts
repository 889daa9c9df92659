// `opencode serve` bus events → the events `opencode run --format json` prints, by the rules `run` itself
// applies (read from opencode 1.18.33's bundled run command), so the rest of the app reads one shape.
import type { ServeEvent } from './sse'
import type { AgentEvent } from '../types'

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {})

/** What one bus event means for the run of session `sessionId`. */
export interface MappedServeEvent {
  /** Events in the `run --format json` shape (at most one). */
  events: AgentEvent[]
  /** The session went idle: the run is over (its prompt loop ended, aborted or failed). */
  idle: boolean
  /** The session went busy (its prompt loop started, or a new attempt at the model). */
  busy: boolean
  /** The session waits to retry the model provider: the provider's error, as opencode words it. */
  retry: string | null
  /** A permission request of this session (or a sub-agent's) that must be answered. */
  permissionRequest: PermissionAsk | null
}

/** What a session asks permission for: e.g. `skill` with the skill's name as its one pattern. */
export interface PermissionAsk {
  id: string
  permission: string
  patterns: string[]
}

/** Maps one session's bus events; remembers its sub-agent sessions (their permission asks are ours too). */
export class ServeEventMapper {
  private readonly family: Set<string>

  constructor(
    private readonly sessionId: string,
    private readonly now: () => number = Date.now,
  ) {
    this.family = new Set([sessionId])
  }

  map(event: ServeEvent): MappedServeEvent {
    const out: MappedServeEvent = {
      events: [],
      idle: false,
      busy: false,
      retry: null,
      permissionRequest: null,
    }
    const p = event.properties
    const emit = (type: string, extra: Obj): void => {
      out.events.push({ type, timestamp: this.now(), sessionID: this.sessionId, ...extra })
    }
    switch (event.type) {
      case 'session.created': {
        const info = obj(p.info)
        if (
          typeof info.parentID === 'string' &&
          this.family.has(info.parentID) &&
          typeof info.id === 'string'
        )
          this.family.add(info.id)
        break
      }
      case 'message.part.updated': {
        const part = obj(p.part)
        if (part.sessionID !== this.sessionId) break
        const state = obj(part.state)
        if (part.type === 'tool' && (state.status === 'completed' || state.status === 'error'))
          emit('tool_use', { part })
        else if (part.type === 'step-start') emit('step_start', { part })
        else if (part.type === 'step-finish') emit('step_finish', { part })
        else if (part.type === 'text' && obj(part.time).end) emit('text', { part })
        break
      }
      case 'session.error':
        if (p.sessionID === this.sessionId && p.error) emit('error', { error: p.error })
        break
      case 'session.status': {
        const type = obj(p.status).type
        if (p.sessionID === this.sessionId) {
          out.idle = type === 'idle'
          out.busy = type === 'busy'
          if (type === 'retry') {
            const said = obj(p.status).message
            out.retry = typeof said === 'string' && said ? said : 'the model provider failed'
          }
        }
        break
      }
      case 'permission.asked':
        if (this.family.has(String(p.sessionID)) && typeof p.id === 'string')
          out.permissionRequest = {
            id: p.id,
            permission: String(p.permission ?? ''),
            patterns: Array.isArray(p.patterns) ? p.patterns.map(String) : [],
          }
        break
    }
    return out
  }
}
