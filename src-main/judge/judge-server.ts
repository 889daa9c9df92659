// The LLM judge's warm servers (a task whose agent.driver is "server"): one per kind of answer, a scale or
// pairwise (it is in the judge agent's system prompt), each with one fixed empty git dir whose instance
// stays loaded. A judgement is a session with agent `judge` there (agent/session.ts, like an agent run):
// ≈0.2 s of opencode instead of a whole process (2–4 s).
import { join } from 'node:path'
import { removePrivateDirs } from '../agent/isolation'
import { serveClient, type ServeClient } from '../agent/serve-client'
import { startServe, type ServeProcess } from '../agent/serve-process'
import { DEFAULT_START_TIMEOUT_MS } from '../agent/server-driver'
import { setupServer, type ProcessSetup, type SideContext } from '../agent/side-context'
import { prepareWorkDir } from '../agent/workdir'
import { judgeConfigOverrides, type JudgeAnswer } from './judge-prompt'

export interface JudgeServer {
  setup: ProcessSetup
  serve: ServeProcess
  client: ServeClient
  /** The one directory every judgement of this server runs in (its instance stays warm). */
  dir: string
}

/** A judgement may use no tool and ask nothing. */
export const JUDGE_PERMISSIONS = [{ permission: '*', pattern: '*', action: 'deny' }]

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
  const setup = setupServer(ctx, `judge-serve-${answer}`, judgeConfigOverrides(ctx.spec.model, answer))
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
    return { setup, serve, dir, client: serveClient(serve.url, setup.password) }
  } catch (err) {
    removePrivateDirs(setup.prepared.dirs)
    throw new Error(setup.redact((err as Error).message), { cause: err })
  }
}
