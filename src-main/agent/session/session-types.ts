// What one opencode session takes and gives (session.ts runs it): its transport — a process per session or a
// session on a warm `opencode serve` — its input and its result.
import type { ServeClient } from '../server/serve-client'
import type { PermissionAsk } from '../server/bus-events'
import type { RunningSandbox } from '../isolation/sandbox'
import type { ServeProcess } from '../server/serve-process'
import type { SessionEnding } from './session-ending'
import type { ProcessSetup } from '../isolation/side-context'
import type { AgentEvent, RunHooks } from '../types'

/** A process per session: `opencode run` in `cwd`, in the clean env of its private dirs. */
export interface ProcessTransport {
  kind: 'process'
  bin: string
  cwd: string
  setup: Pick<ProcessSetup, 'env' | 'marker' | 'sandbox'>
}

/** A session on a running `opencode serve`, in `dir` (`?directory=`). */
export interface ServerTransport {
  kind: 'server'
  serve: ServeProcess
  client: ServeClient
  dir: string
  /** The session's permission rules (nothing may wait for a human). */
  permission: unknown[]
  /** Named in messages: "opencode serve exited … during the run". */
  what: 'run' | 'judgement' | 'probe'
  /** Sees each permission the session asks for, before it is rejected (as `opencode run` does). */
  onPermission?: (ask: PermissionAsk) => void
}

export type SessionTransport = ProcessTransport | ServerTransport

export interface SessionInput {
  /** The opencode agent: absent = the default agent (an agent run), `judge` for a judgement. */
  agent?: string
  model: string
  title: string
  prompt: string
  timeoutSec: number
  idleTimeoutSec: number
  /** SIGTERM → SIGKILL for a process; the wait for an aborted server session to go idle. */
  graceMs: number
  signal: AbortSignal
  /** onSpawn gets the session's process: its own, or the server's. */
  hooks?: RunHooks
  /** The credentials of the session's env: redacted from every event. */
  setup: Pick<ProcessSetup, 'secrets' | 'redact'>
  transport: SessionTransport
}

export interface SessionResult {
  ending: SessionEnding
  /** Redacted, in the order they came, in the `run --format json` shape. */
  events: AgentEvent[]
  /** As soon as the session was known: its creation (log line or POST /session) or its first event. */
  sessionId: string | null
  /** The session's stderr (on a server: its log lines and the server's warnings and errors); unredacted. */
  stderrTail: string
  /** The process's own exit code and signal, also when skill-ab stopped it; a server session: its ending's. */
  exitCode: number | null
  signal: string | null
  /** Processes of a process session still alive after it ended, killed then (a server run kills its own). */
  leftovers: number
  /** The sandbox the session's process ran in (a server session: its server's); null: none. */
  sandbox: RunningSandbox | null
}
