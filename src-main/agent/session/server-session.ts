// The server transport of runSession (session.ts): a session in `dir` on a warm `opencode serve`, the
// prompt sent with prompt_async, events over SSE mapped to the `run --format json` shape, one watchdog
// (wall clock, idle, cancel) stopping it through /abort, and how it ended as a typed SessionEnding.
import { foldEvents } from './run-events'
import { stderrSummary } from './outcome-kind'
import { ProviderRetry } from './provider-retry'
import { within } from './process-group'
import { STDERR_TAIL_BYTES, Tail } from './run-process'
import { ServeEventMapper } from '../server/bus-events'
import type { ServeProcess } from '../server/serve-process'
import type { ServerTransport, SessionInput, SessionResult } from './session-types'
import { ending as endedBy, exitedOnServer, type SessionEnding } from './session-ending'
import { SessionRecord } from './session-record'
import { readServeEvents, type ServeEvent } from '../server/sse'
import { startWatchdog, type StopReason } from './watchdog'

type Ending = { kind: 'idle' } | { kind: 'crashed'; message: string }

/** How the server ended, in words, with its stderr tail. */
export function serverGoneMessage(serve: ServeProcess, when: string): string {
  const e = serve.exit()
  const how = e?.signal ? `was killed by ${e.signal}` : `exited with code ${e?.code ?? 'unknown'}`
  const tail = stderrSummary(serve.stderrTail())
  return `opencode serve ${how} ${when}${tail ? `; stderr: ${tail}` : ''}`
}

/** Runs one session to its end; never throws. */
export async function runServerSession(
  input: SessionInput,
  transport: ServerTransport,
): Promise<SessionResult> {
  const { serve, client, dir, what } = transport
  const { setup, signal } = input
  const record = new SessionRecord(setup, input.hooks)
  // The session's process is the server's (the reaper's record of what runs it).
  record.spawned(serve.pid, serve.startTime)
  const stderr = new Tail(STDERR_TAIL_BYTES)
  let sessionId: string | null = null
  let mapper: ServeEventMapper | null = null
  const early_: ServeEvent[] = []
  let promptSent = false
  let prompted = false
  let sawBusy = false
  let stopReason: StopReason | null = null
  // A provider error opencode is waiting to retry when the watchdog stops it: the provider's failure.
  const retry = new ProviderRetry()
  let retryAtStop: string | null = null

  let over = false
  let settle: (e: Ending) => void = () => {}
  const ended = new Promise<Ending>((resolve) => (settle = resolve))
  const finish = (e: Ending): void => {
    over = true
    settle(e)
  }
  let connected: () => void = () => {}
  const isConnected = new Promise<void>((resolve) => (connected = resolve))

  let abortWait: NodeJS.Timeout | undefined
  const stop = (reason: StopReason): void => {
    stopReason = reason
    // Read at the stop: the abort itself sets the session idle.
    retryAtStop = retry.message
    // Nothing was asked yet: nothing to abort.
    if (!sessionId || !promptSent) return finish({ kind: 'idle' })
    void client.json('POST', `/session/${sessionId}/abort`, dir).catch(() => {})
    // The aborted loop reports idle at once; a server that does not is not waited for long.
    abortWait = setTimeout(() => finish({ kind: 'idle' }), input.graceMs)
  }

  const armIdle = (): void => watchdog.progress()
  // This run's log lines: kept for its stderrTail and, like `run --print-logs` output, progress.
  const offStderr = serve.onStderrLine((line) => {
    const mine = (sessionId !== null && line.includes(sessionId)) || line.includes(dir)
    if (mine) armIdle()
    if (mine || /level=(ERROR|WARN)/.test(line)) stderr.push(`${line}\n`)
  })

  const take = (event: ServeEvent): void => {
    if (!mapper) return
    const m = mapper.map(event)
    const ask = m.permissionRequest
    if (ask) {
      transport.onPermission?.(ask)
      void client.json('POST', `/permission/${ask.id}/reply`, dir, { reply: 'reject' }).catch(() => {})
    }
    for (const raw of m.events) record.event(raw)
    if (m.busy) sawBusy = true
    if (m.retry !== null) retry.failed(m.retry)
    else if (m.busy || m.idle) retry.attempt()
    if (m.idle && (sawBusy || prompted)) finish({ kind: 'idle' })
  }

  const stream = new AbortController()
  const watchdog = startWatchdog({
    timeoutMs: input.timeoutSec * 1000,
    idleTimeoutMs: input.idleTimeoutSec * 1000,
    signal,
    onStop: stop,
  })
  void serve.exited.then(() =>
    finish({ kind: 'crashed', message: serverGoneMessage(serve, `during the ${what}`) }),
  )

  // Not awaited: a request that hangs must not outlive the watchdog (the run ends on `ended` alone).
  void (async () => {
    try {
      const body = await client.events(dir, stream.signal)
      void readServeEvents(
        body,
        (event) => {
          connected()
          // The stream carries only this run's dir (its instance booting, its session): all progress.
          if (event.type !== 'server.heartbeat') armIdle()
          if (mapper) take(event)
          else early_.push(event)
        },
        stream.signal,
      ).then(async (why) => {
        if (why === 'aborted') return
        // A dying server drops the stream a moment before its exit is seen: say how it ended if it did.
        await within(serve.exited, 1000)
        finish({
          kind: 'crashed',
          message: serve.exit()
            ? serverGoneMessage(serve, `during the ${what}`)
            : `the event stream of opencode serve ended (${why})`,
        })
      })
      await Promise.race([isConnected, ended])
      if (!over && !serve.exit()) {
        const session = await client.json<{ id?: string }>('POST', '/session', dir, {
          title: input.title,
          permission: transport.permission,
        })
        if (typeof session?.id !== 'string') throw new Error('POST /session returned no session id')
        sessionId = session.id
        mapper = new ServeEventMapper(session.id)
        record.sawSession(session.id)
        for (const e of early_.splice(0)) take(e)
      }
      if (!over && !stopReason && sessionId) {
        const slash = input.model.indexOf('/')
        promptSent = true
        try {
          await client.json('POST', `/session/${sessionId}/prompt_async`, dir, {
            ...(input.agent ? { agent: input.agent } : {}),
            model: { providerID: input.model.slice(0, slash), modelID: input.model.slice(slash + 1) },
            parts: [{ type: 'text', text: input.prompt }],
          })
          prompted = true
          // Stopped while the prompt was on its way: the first abort may have come before the loop began.
          if (stopReason) void client.json('POST', `/session/${sessionId}/abort`, dir).catch(() => {})
        } catch (err) {
          // As `opencode run` does when its prompt call fails: an error event, exit code 1.
          record.event({
            type: 'error',
            timestamp: Date.now(),
            sessionID: sessionId,
            error: { name: 'PromptError', data: { message: setup.redact((err as Error).message) } },
          })
          finish({ kind: 'idle' })
        }
      }
    } catch (err) {
      finish({
        kind: 'crashed',
        message: serve.exit()
          ? serverGoneMessage(serve, `during the ${what}`)
          : `skill-ab could not talk to opencode serve: ${(err as Error).message}`,
      })
    }
  })()

  const ending = await ended
  clearTimeout(abortWait)
  watchdog.dispose()
  stream.abort()
  offStderr()
  const stderrTail = stderr.toString()
  // Stopped by the app wins over how the server answered the stop.
  const end: SessionEnding = stopReason
    ? endedBy(stopReason, null, stderrTail, retryAtStop)
    : ending.kind === 'crashed'
      ? endedBy('server_gone', ending.message, stderrTail)
      : exitedOnServer(foldEvents(record.events, ''), stderrTail)
  return {
    ending: end,
    events: record.events,
    sessionId,
    stderrTail,
    exitCode: end.exitCode,
    signal: null,
    leftovers: 0,
    sandbox: transport.serve.sandbox,
  }
}
