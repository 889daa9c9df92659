// The LLM judge over `opencode serve` (a task whose agent.driver is "server"): one warm server per kind of
// answer, a scale or pairwise (it is in the judge agent's system prompt), one session per judgement in one
// fixed empty git dir whose instance stays loaded, the blocking message call, and /abort on cancel or
// timeout. A judgement costs a session (≈0.2 s of opencode) instead of a whole process (2–4 s).
import { join } from 'node:path'
import { removePrivateDirs } from '../agent/isolation'
import { serveClient, ServeHttpError, type ServeClient } from '../agent/serve-client'
import { startServe, type ServeProcess } from '../agent/serve-process'
import { serverGoneMessage } from '../agent/server-run'
import { DEFAULT_START_TIMEOUT_MS } from '../agent/server-driver'
import { providerOf, setupProcess, type ProcessSetup, type SideContext } from '../agent/side-context'
import { foldEvents } from '../agent/events'
import {
  ending as endedBy,
  exitedOnServer,
  type EndingKind,
  type SessionEnding,
} from '../agent/session-ending'
import type { AgentEvent } from '../agent/types'
import { startWatchdog, type StopReason } from '../agent/watchdog'
import { prepareWorkDir } from '../agent/workdir'
import { judgeConfigOverrides, type JudgeAnswer } from './judge-prompt'

export interface JudgeServer {
  setup: ProcessSetup
  serve: ServeProcess
  client: ServeClient
  /** The one directory every judgement of this server runs in (its instance stays warm). */
  dir: string
}

/** What one judgement on a server gave: how it ended and its events (redacted), as a judge process gives. */
export interface ServedJudgement {
  ending: SessionEnding
  /** The answer's parts as `run --format json` events (text, step_finish, error), for foldEvents. */
  events: AgentEvent[]
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {})

/** The message call's answer `{info, parts}` as events: text and step-finish parts, then info.error. */
export function answerEvents(answer: unknown, sessionId: string): AgentEvent[] {
  const { info, parts } = obj(answer)
  const events: AgentEvent[] = []
  for (const part of Array.isArray(parts) ? parts : []) {
    const type = obj(part).type
    if (type === 'text' || type === 'step-finish')
      events.push({ type: type === 'text' ? 'text' : 'step_finish', sessionID: sessionId, part })
  }
  const error = obj(info).error
  if (error) events.push({ type: 'error', sessionID: sessionId, error })
  return events
}

export class ServerJudgePool {
  readonly #servers = new Map<JudgeAnswer, Promise<JudgeServer>>()

  constructor(
    private readonly ctx: SideContext,
    private readonly graceMs: number,
  ) {}

  async close(): Promise<void> {
    const servers = [...this.#servers.values()]
    this.#servers.clear()
    await Promise.all(
      servers.map((s) =>
        s.then(
          (x) => x.serve.stop(this.graceMs).then(() => removePrivateDirs(x.setup.prepared.dirs)),
          () => {},
        ),
      ),
    )
  }

  /**
   * The running server of this kind of answer, started on first use; a dead one is replaced (the attempt that saw
   * it die may retry). Throws (redacted) when it cannot start.
   */
  server(answer: JudgeAnswer): Promise<JudgeServer> {
    const known = this.#servers.get(answer)
    const alive = known?.then(
      (s) => {
        if (!s.serve.exit()) return s
        removePrivateDirs(s.setup.prepared.dirs)
        return null
      },
      () => null,
    )
    const next = (async () => (await alive) ?? startJudgeServer(this.ctx, answer))()
    this.#servers.set(answer, next)
    // A failed start is not kept (the next attempt tries again), unless a newer attempt already replaced it.
    next.catch(() => {
      if (this.#servers.get(answer) === next) this.#servers.delete(answer)
    })
    return next
  }
}

async function startJudgeServer(ctx: SideContext, answer: JudgeAnswer): Promise<JudgeServer> {
  if (ctx.setupError || !ctx.bin) throw new Error(ctx.setupError ?? 'opencode not found')
  const setup = setupProcess(ctx, `judge-serve-${answer}`, judgeConfigOverrides(ctx.spec.model, answer))
  try {
    const dir = join(setup.prepared.dirs.root, 'work')
    await prepareWorkDir(dir, {}, ctx.parentEnv.PATH)
    const serve = await startServe({
      bin: ctx.bin.path,
      env: setup.env,
      cwd: setup.prepared.dirs.home,
      marker: setup.marker,
      startTimeoutMs: DEFAULT_START_TIMEOUT_MS,
    })
    // Judgements wait for the model: the request may take as long as the attempt's wall clock.
    return { setup, serve, dir, client: serveClient(serve.url, (ctx.spec.timeoutSec + 5) * 1000) }
  } catch (err) {
    removePrivateDirs(setup.prepared.dirs)
    throw new Error(setup.redact((err as Error).message), { cause: err })
  }
}

/** One judgement of `prompt` (already redacted) in a new session on `server`; never throws. */
export async function judgeOn(
  server: JudgeServer,
  ctx: SideContext,
  prompt: string,
  signal: AbortSignal,
  graceMs: number,
): Promise<ServedJudgement> {
  const { setup, serve, client, dir } = server
  const done = (
    kind: Exclude<EndingKind, 'exited'>,
    message: string | null,
    events: AgentEvent[] = [],
  ): ServedJudgement => ({
    ending: endedBy(kind, message === null ? null : setup.redact(message), setup.redact(serve.stderrTail())),
    events,
  })
  if (signal.aborted) return done('canceled', 'canceled before the judge started')
  let sessionId: string
  try {
    const session = await client.json<{ id?: string }>('POST', '/session', dir, {
      title: 'judge',
      permission: [{ permission: '*', pattern: '*', action: 'deny' }],
    })
    if (typeof session?.id !== 'string') throw new Error('POST /session returned no session id')
    sessionId = session.id
  } catch (err) {
    return gone(serve, err, done)
  }
  const model = ctx.spec.model
  const provider = providerOf(model) ?? ''
  const answer = client.json('POST', `/session/${sessionId}/message`, dir, {
    agent: 'judge',
    model: { providerID: provider, modelID: model.slice(provider.length + 1) },
    parts: [{ type: 'text', text: prompt }],
  })
  // The message call blocks until the answer: no progress to watch, only the wall clock and cancel.
  let stopped: (why: StopReason) => void = () => {}
  const stoppedBy = new Promise<StopReason>((resolve) => (stopped = resolve))
  const watchdog = startWatchdog({ timeoutMs: ctx.spec.timeoutSec * 1000, signal, onStop: stopped })
  try {
    const first = await Promise.race([
      answer.then(
        (a) => ({ answer: a }),
        (err: unknown) => ({ error: err }),
      ),
      stoppedBy.then((why) => ({ stopped: why })),
      serve.exited.then(() => ({ died: true as const })),
    ])
    if ('stopped' in first) {
      await client.json('POST', `/session/${sessionId}/abort`, dir).catch(() => {})
      await Promise.race([answer.catch(() => null), new Promise((r) => setTimeout(r, graceMs))])
      return done(first.stopped, null)
    }
    if ('died' in first) return done('server_gone', serverGoneMessage(serve, 'during the judgement'))
    if ('error' in first) return gone(serve, first.error, done)
    const sessionTail = setup.redact(serve.stderrTail())
    const events: AgentEvent[] = [
      { type: 'step_start', sessionID: sessionId },
      ...answerEvents(first.answer, sessionId),
    ]
    return { ending: exitedOnServer(foldEvents(events, ''), sessionTail), events }
  } finally {
    watchdog.dispose()
  }
}

/** A request that failed: the server went away or failed itself (retryable), or refused it (final). */
function gone(
  serve: ServeProcess,
  err: unknown,
  done: (kind: 'server_gone' | 'launch_failed', message: string) => ServedJudgement,
): ServedJudgement {
  if (serve.exit()) return done('server_gone', serverGoneMessage(serve, 'during the judgement'))
  const status = err instanceof ServeHttpError ? err.status : null
  // A connection problem or a 5xx of the server itself: the server is gone for this attempt, another may do.
  if (status === null || status >= 500)
    return done('server_gone', `opencode serve: ${(err as Error).message}`)
  return done('launch_failed', `opencode serve refused the judgement: ${(err as Error).message}`)
}
