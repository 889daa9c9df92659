// One opencode session on the process transport (`opencode run --format json`), agent run or judgement
// alike: the prompt on stdin, events redacted as they stream, the session id as soon as opencode logs it,
// and how it ended as a typed SessionEnding (one watchdog, one cancel path: runProcess).
import { eventSessionId } from './events'
import { ProviderRetry } from './provider-retry'
import { redactEvent } from './redact'
import { runProcess, type ProcessResult } from './run-process'
import { processEnding, type SessionEnding } from './session-ending'
import type { ProcessSetup } from './side-context'
import type { AgentEvent, RunHooks } from './types'

export interface ProcessSessionInput {
  bin: string
  /** The opencode agent: absent = the default agent (an agent run), `judge` for a judgement. */
  agent?: string
  model: string
  title: string
  prompt: string
  cwd: string
  setup: ProcessSetup
  timeoutSec: number
  idleTimeoutSec: number
  graceMs: number
  signal: AbortSignal
  hooks?: RunHooks
}

export interface ProcessSession {
  ending: SessionEnding
  /** Redacted, in the order they came. */
  events: AgentEvent[]
  /** From the first event carrying one, or from opencode's log line creating it. */
  sessionId: string | null
  result: ProcessResult
}

/** `… message=created id=ses_… parentID=undefined …`: opencode's INFO log line for a new top-level session. */
export function sessionIdFromLog(line: string): string | null {
  if (!line.includes('message=created') || !line.includes('parentID=undefined')) return null
  return /\bid=(ses_[A-Za-z0-9]+)/.exec(line)?.[1] ?? null
}

export async function runProcessSession(input: ProcessSessionInput): Promise<ProcessSession> {
  const { setup, hooks = {} } = input
  let sessionId: string | null = null
  const sawSession = (id: string): void => {
    if (sessionId !== null) return
    sessionId = id
    hooks.onSessionId?.(id)
  }
  const events: AgentEvent[] = []
  // A provider error opencode is waiting to retry when the watchdog stops it: the provider's failure.
  const retry = new ProviderRetry()
  let retryAtStop: string | null = null
  const result = await runProcess({
    bin: input.bin,
    // `--opt=value` keeps a title or model starting with "-" from being read as an option. --print-logs:
    // stderr then shows the session id at once, each provider retry (progress for the idle watchdog, and
    // the provider's error while opencode waits to retry it), and the real cause behind an opaque UnknownError.
    args: [
      'run',
      '--format',
      'json',
      ...(input.agent ? [`--agent=${input.agent}`] : []),
      `--model=${input.model}`,
      `--title=${input.title}`,
      '--print-logs',
    ],
    cwd: input.cwd,
    env: setup.env,
    stdin: input.prompt,
    timeoutMs: input.timeoutSec * 1000,
    idleTimeoutMs: input.idleTimeoutSec * 1000,
    graceMs: input.graceMs,
    signal: input.signal,
    marker: setup.marker,
    onSpawn: (pid, startTime) => hooks.onSpawn?.(pid, startTime),
    onEvent: (raw: AgentEvent) => {
      const event = redactEvent(raw, setup.secrets, setup.redact)
      events.push(event)
      const id = eventSessionId(event)
      if (id) sawSession(id)
      hooks.onEvent?.(event)
    },
    // The log names the session at creation, long before the first event (a run killed while
    // waiting for its first answer still has a session id).
    onStderrLine: (line) => {
      const id = sessionId === null ? sessionIdFromLog(line) : null
      if (id) sawSession(id)
      retry.readLogLine(line)
    },
    // Read at the stop: the stopped stream's own error lines that follow are not the provider's.
    onStop: () => (retryAtStop = retry.message),
  })
  return { ending: processEnding(result, input.bin, retryAtStop), events, sessionId, result }
}
