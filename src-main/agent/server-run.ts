// One run on a side's `opencode serve`: a session in the run's work dir, events over SSE mapped to the
// `run --format json` shape, watchdog and cancel through /abort, the instance disposed afterwards.
import { existsSync, realpathSync } from 'node:fs'
import { join } from 'node:path'
import { foldEvents } from './events'
import { seedConfigDir } from './isolation'
import { stderrSummary } from './outcome'
import { emptyOutcome } from './process-driver'
import { redactEvent } from './redact'
import { scrubWorkDir } from './scrub-workdir'
import { STDERR_TAIL_BYTES, Tail } from './run-process'
import { ending as endedBy, exitedOnServer, outcomeOf, type SessionEnding } from './session-ending'
import { ServeEventMapper } from './serve-events'
import type { ServeClient } from './serve-client'
import { killStraysIn, type ServeProcess } from './serve-process'
import type { ProcessSetup, SideContext } from './side-context'
import { readServeEvents, type ServeEvent } from './sse'
import { sideSkillName, type AgentEvent, type RunHooks, type RunOutcome, type RunSpec } from './types'
import { startWatchdog, type StopReason } from './watchdog'
import { captureDiff, prepareWorkDir } from './workdir'

export interface ServerSide {
  ctx: SideContext
  setup: ProcessSetup
  serve: ServeProcess
  client: ServeClient
  skillVisible: boolean
  graceMs: number
}

/** What `opencode run` denies for every session it creates (nothing may wait for a human). */
export const SESSION_PERMISSIONS = ['question', 'plan_enter', 'plan_exit'].map((permission) => ({
  permission,
  pattern: '*',
  action: 'deny',
}))

type Ending = { kind: 'idle' } | { kind: 'crashed'; message: string }

function canonical(dir: string): string {
  try {
    return realpathSync(dir)
  } catch {
    return dir
  }
}

/** How the server ended, in words, with its stderr tail. */
export function serverGoneMessage(serve: ServeProcess, when: string): string {
  const e = serve.exit()
  const how = e?.signal ? `was killed by ${e.signal}` : `exited with code ${e?.code ?? 'unknown'}`
  const tail = stderrSummary(serve.stderrTail())
  return `opencode serve ${how} ${when}${tail ? `; stderr: ${tail}` : ''}`
}

export async function runOnServer(
  side: ServerSide,
  spec: RunSpec,
  hooks: RunHooks,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const { ctx, setup, serve, client } = side
  const startedAt = new Date().toISOString()
  const early = (kind: RunOutcome['kind'], message: string): RunOutcome => ({
    ...emptyOutcome(startedAt, side.skillVisible),
    kind,
    message: setup.redact(message),
    finishedAt: new Date().toISOString(),
  })
  if (signal.aborted) return early('canceled', 'canceled before the agent started')
  if (serve.exit()) return early('crashed', serverGoneMessage(serve, 'before this run'))
  const pathVar = ctx.parentEnv.PATH
  let firstCommit: string
  try {
    firstCommit = await prepareWorkDir(spec.workDir, spec.caseInput.files, pathVar)
  } catch (err) {
    return early('spawn_failed', `could not prepare the work dir: ${(err as Error).message}`)
  }
  const dir = spec.workDir
  const realDir = canonical(dir)
  // A case that ships `.opencode/` makes it a config dir: a server (unlike `run`, which exits first) would
  // npm-install its plugin package into it. Seeded like the private config dir (left out of the diff).
  const caseConfigDir = join(dir, '.opencode')
  try {
    if (existsSync(caseConfigDir) && !existsSync(join(caseConfigDir, 'package.json')))
      seedConfigDir(caseConfigDir, ctx.version ?? 'latest')
  } catch {
    // `.opencode` is not a folder: opencode will not treat it as a config dir either
  }
  try {
    hooks.onSpawn?.(serve.pid, serve.startTime)
  } catch {
    // listener errors do not stop the run
  }

  const events: AgentEvent[] = []
  const stderr = new Tail(STDERR_TAIL_BYTES)
  let sessionId: string | null = null
  let mapper: ServeEventMapper | null = null
  const early_: ServeEvent[] = []
  let promptSent = false
  let prompted = false
  let sawBusy = false
  let stopReason: StopReason | null = null

  let over = false
  let settle: (e: Ending) => void = () => {}
  const ended = new Promise<Ending>((resolve) => (settle = resolve))
  const finish = (e: Ending): void => {
    over = true
    settle(e)
  }
  let connected: () => void = () => {}
  const isConnected = new Promise<void>((resolve) => (connected = resolve))

  const stop = (reason: StopReason): void => {
    stopReason = reason
    // Nothing was asked yet: nothing to abort.
    if (!sessionId || !promptSent) return finish({ kind: 'idle' })
    void client.json('POST', `/session/${sessionId}/abort`, dir).catch(() => {})
    // The aborted loop reports idle at once; a server that does not is not waited for long.
    setTimeout(() => finish({ kind: 'idle' }), side.graceMs)
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
    if (m.permissionRequest)
      void client
        .json('POST', `/permission/${m.permissionRequest}/reply`, dir, { reply: 'reject' })
        .catch(() => {})
    for (const raw of m.events) {
      const e = redactEvent(raw, setup.secrets, setup.redact)
      events.push(e)
      try {
        hooks.onEvent?.(e)
      } catch {
        // a failing listener must not break the run
      }
    }
    if (m.busy) sawBusy = true
    if (m.idle && (sawBusy || prompted)) finish({ kind: 'idle' })
  }

  const stream = new AbortController()
  const watchdog = startWatchdog({
    timeoutMs: ctx.spec.timeoutSec * 1000,
    idleTimeoutMs: ctx.spec.idleTimeoutSec * 1000,
    signal,
    onStop: stop,
  })
  void serve.exited.then(() =>
    finish({ kind: 'crashed', message: serverGoneMessage(serve, 'during the run') }),
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
        await Promise.race([serve.exited, new Promise((r) => setTimeout(r, 1000))])
        finish({
          kind: 'crashed',
          message: serve.exit()
            ? serverGoneMessage(serve, 'during the run')
            : `the event stream of opencode serve ended (${why})`,
        })
      })
      await Promise.race([isConnected, ended])
      if (!over && !serve.exit()) {
        const session = await client.json<{ id?: string }>('POST', '/session', dir, {
          title: spec.title,
          permission: SESSION_PERMISSIONS,
        })
        if (typeof session?.id !== 'string') throw new Error('POST /session returned no session id')
        sessionId = session.id
        mapper = new ServeEventMapper(session.id)
        hooks.onSessionId?.(session.id)
        for (const e of early_.splice(0)) take(e)
      }
      if (!over && !stopReason && sessionId) {
        const slash = ctx.spec.model.indexOf('/')
        promptSent = true
        try {
          await client.json('POST', `/session/${sessionId}/prompt_async`, dir, {
            model: { providerID: ctx.spec.model.slice(0, slash), modelID: ctx.spec.model.slice(slash + 1) },
            parts: [{ type: 'text', text: spec.caseInput.prompt }],
          })
          prompted = true
          // Stopped while the prompt was on its way: the first abort may have come before the loop began.
          if (stopReason) void client.json('POST', `/session/${sessionId}/abort`, dir).catch(() => {})
        } catch (err) {
          // As `opencode run` does when its prompt call fails: an error event, exit code 1.
          const failed: AgentEvent = {
            type: 'error',
            timestamp: Date.now(),
            sessionID: sessionId,
            error: { name: 'PromptError', data: { message: setup.redact((err as Error).message) } },
          }
          events.push(failed)
          try {
            hooks.onEvent?.(failed)
          } catch {
            // a failing listener must not break the run
          }
          finish({ kind: 'idle' })
        }
      }
    } catch (err) {
      finish({
        kind: 'crashed',
        message: serve.exit()
          ? serverGoneMessage(serve, 'during the run')
          : `skill-ab could not talk to opencode serve: ${(err as Error).message}`,
      })
    }
  })()

  const ending = await ended
  watchdog.dispose()
  stream.abort()
  offStderr()
  if (!serve.exit()) await client.json('POST', '/instance/dispose', dir).catch(() => {})
  const leftovers = killStraysIn(setup.marker, realDir, {
    pid: serve.pid,
    ownDir: setup.prepared.dirs.data,
  })
  const finishedAt = new Date().toISOString()
  const folded = foldEvents(events, sideSkillName(ctx.spec))
  const tail = stderr.toString()
  // Stopped by the app wins over how the server answered the stop.
  const end: SessionEnding = stopReason
    ? endedBy(stopReason, null, tail)
    : ending.kind === 'crashed'
      ? endedBy('server_gone', ending.message, tail)
      : exitedOnServer(folded, tail)
  const { kind, message } = outcomeOf(end, folded, ctx.spec)
  // The agent's env holds credentials: whatever it wrote could hold them too.
  const scrubNote = await scrubWorkDir(dir, setup.secrets, Date.parse(startedAt))
  const diff = setup.redact(await captureDiff(dir, firstCommit, pathVar))
  const leftoverNote =
    (leftovers > 0 ? `\n[skill-ab: killed ${leftovers} leftover process(es) of this run]\n` : '') + scrubNote
  return {
    kind,
    message: message === null ? null : setup.redact(message),
    sessionId,
    exitCode: end.exitCode,
    signal: null,
    tokens: folded.tokens,
    costUsd: folded.costUsd,
    finalOutput: folded.finalOutput,
    skillVisible: side.skillVisible,
    skillLoaded: folded.skillLoaded,
    events,
    diff,
    stderrTail: setup.redact(stderr.toString() + leftoverNote),
    startedAt,
    finishedAt,
  }
}
