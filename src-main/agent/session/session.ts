// The one entry for an opencode session (docs/opencode.md "How a session ends"): an agent run or a
// judgement (agent `judge`), on either transport — a process per session (`opencode run`, process-session.ts)
// or a session on a warm `opencode serve` (server-session.ts) — with one watchdog, one cancel path and one
// typed ending. Both transports redact, keep and announce events the same way (session-record.ts).
import { runProcessSession } from './process-session'
import { runServerSession } from './server-session'
import type { SessionInput, SessionResult } from './session-types'

/** Runs one session to its end: whatever goes wrong with it (a failed launch, a server gone) is its ending. */
export function runSession(input: SessionInput): Promise<SessionResult> {
  const { transport } = input
  return transport.kind === 'process'
    ? runProcessSession(input, transport)
    : runServerSession(input, transport)
}
