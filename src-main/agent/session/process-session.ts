// The process transport of runSession (session.ts): `opencode run --format json` with the prompt on stdin,
// events redacted as they stream, the session id as soon as opencode logs it, and how it ended as a typed
// SessionEnding (one watchdog, one cancel path: runProcess).
import { ProviderRetry } from './provider-retry'
import { runProcess } from './run-process'
import { sandboxed } from '../isolation/sandbox'
import type { ProcessTransport, SessionInput, SessionResult } from './session-types'
import { processEnding } from './session-ending'
import { SessionRecord } from './session-record'

/** `… message=created id=ses_… parentID=undefined …`: opencode's INFO log line for a new top-level session. */
export function sessionIdFromLog(line: string): string | null {
  if (!line.includes('message=created') || !line.includes('parentID=undefined')) return null
  return /\bid=(ses_[A-Za-z0-9]+)/.exec(line)?.[1] ?? null
}

export async function runProcessSession(
  input: SessionInput,
  transport: ProcessTransport,
): Promise<SessionResult> {
  const { bin, setup } = transport
  const record = new SessionRecord(input.setup, input.hooks)
  // A provider error opencode is waiting to retry when the watchdog stops it: the provider's failure.
  const retry = new ProviderRetry()
  let retryAtStop: string | null = null
  // `--opt=value` keeps a title or model starting with "-" from being read as an option. --print-logs:
  // stderr then shows the session id at once, each provider retry (progress for the idle watchdog, and
  // the provider's error while opencode waits to retry it), and the real cause behind an opaque UnknownError.
  const args = [
    'run',
    '--format',
    'json',
    ...(input.agent ? [`--agent=${input.agent}`] : []),
    `--model=${input.model}`,
    `--title=${input.title}`,
    '--print-logs',
  ]
  const program = await sandboxed(setup.sandbox, { bin, args, env: setup.env, cwd: transport.cwd })
  const result = await runProcess({
    bin: program.bin,
    args: program.args,
    cwd: transport.cwd,
    env: program.env,
    stdin: input.prompt,
    timeoutMs: input.timeoutSec * 1000,
    idleTimeoutMs: input.idleTimeoutSec * 1000,
    graceMs: input.graceMs,
    signal: input.signal,
    marker: setup.marker,
    onSpawn: (pid, startTime) => record.spawned(pid, startTime),
    onEvent: (raw) => record.event(raw),
    // The log names the session at creation, long before the first event (a run killed while
    // waiting for its first answer still has a session id).
    onStderrLine: (line) => {
      const id = record.sessionId === null ? sessionIdFromLog(line) : null
      if (id) record.sawSession(id)
      retry.readLogLine(line)
    },
    // Read at the stop: the stopped stream's own error lines that follow are not the provider's.
    onStop: () => (retryAtStop = retry.message),
  }).finally(program.release)
  return {
    ending: processEnding(result, bin, retryAtStop),
    events: record.events,
    sessionId: record.sessionId,
    stderrTail: result.stderrTail,
    exitCode: result.exitCode,
    signal: result.signal,
    leftovers: result.leftovers,
    sandbox: program.commandId && setup.sandbox ? { id: program.commandId, policy: setup.sandbox } : null,
  }
}
