// What one opencode session has seen so far, on either transport (session.ts): its events, each redacted
// before it is kept or announced, and its id, announced once; a failing listener never breaks the session.
import { eventSessionId } from './run-events'
import { redactEvent } from '../isolation/redact'
import type { ProcessSetup } from '../isolation/side-context'
import type { AgentEvent, RunHooks } from '../types'

/** A listener must not break the session. */
function safely(call: () => void): void {
  try {
    call()
  } catch {
    // a failing listener must not break the run
  }
}

/** What a session has seen so far: its events (redacted, kept, announced) and its id (announced once). */
export class SessionRecord {
  readonly events: AgentEvent[] = []
  sessionId: string | null = null

  constructor(
    private readonly setup: Pick<ProcessSetup, 'secrets' | 'redact'>,
    private readonly hooks: RunHooks = {},
  ) {}

  sawSession(id: string): void {
    if (this.sessionId !== null) return
    this.sessionId = id
    safely(() => this.hooks.onSessionId?.(id))
  }

  event(raw: AgentEvent): void {
    const event = redactEvent(raw, this.setup.secrets, this.setup.redact)
    this.events.push(event)
    const id = eventSessionId(event)
    if (id) this.sawSession(id)
    safely(() => this.hooks.onEvent?.(event))
  }

  spawned(pid: number, startTime: string): void {
    safely(() => this.hooks.onSpawn?.(pid, startTime))
  }
}
