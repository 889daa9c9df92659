// The LLM judge's warm servers (a task whose agent.driver is "server"): one per kind of answer, a scale or
// pairwise (it is in the judge agent's system prompt), each a WarmServer (agent/server/warm-server.ts) with one fixed
// empty git dir whose instance stays loaded, proved to offer no skill and to know the model when it starts.
// A judgement is a session with agent `judge` there (agent/session/session.ts, like an agent run): ≈0.2 s of opencode
// instead of a whole process (2–4 s).
import { join } from 'node:path'
import type { ListedSkill } from '../agent/isolation/skill-proof'
import type { SideContext } from '../agent/isolation/side-context'
import type { IsolationProof } from '../agent/types'
import { WarmServer } from '../agent/server/warm-server'
import { judgeConfigOverrides, type JudgeAnswer } from './judge-prompt'

export interface JudgeServer {
  server: WarmServer
  /** The one directory every judgement of this server runs in (its instance stays warm). */
  dir: string
}

/** A judgement may use no tool and ask nothing. */
export const JUDGE_PERMISSIONS = [{ permission: '*', pattern: '*', action: 'deny' }]

/** The judge is offered no skill at all (its agent has no tools either). */
export function judgeSeesNone(visible: ListedSkill[]): IsolationProof {
  const list = visible.map((s) => `${s.name} (${s.location})`).join(', ')
  return visible.length
    ? { side: 'a', ok: false, visible, message: `the judge's opencode offers skills: ${list}` }
    : { side: 'a', ok: true, visible, message: "the judge's opencode offers no skill" }
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
          (x) => x.server.stop(),
          () => {},
        ),
      ),
    )
  }

  /**
   * The running server of this kind of answer, started on first use; a dead one is started again (the attempt
   * that saw it die may retry). Throws (redacted) when it cannot start.
   */
  server(answer: JudgeAnswer): Promise<JudgeServer> {
    const known = this.#servers.get(answer)
    const next = (async () => {
      const running = await known?.catch(() => null)
      if (!running) return startJudgeServer(this.ctx, answer, this.graceMs)
      const dead = await running.server.revive()
      if (dead) throw new Error(dead)
      return running
    })()
    this.#servers.set(answer, next)
    // A failed start is not kept (the next attempt tries again), unless a newer attempt already replaced it.
    next.catch(() => {
      if (this.#servers.get(answer) === next) this.#servers.delete(answer)
    })
    return next
  }
}

async function startJudgeServer(
  ctx: SideContext,
  answer: JudgeAnswer,
  graceMs: number,
): Promise<JudgeServer> {
  const server = await WarmServer.start({
    ctx,
    label: `judge-serve-${answer}`,
    configOverrides: judgeConfigOverrides(ctx.spec.model, answer),
    graceMs,
  })
  const dir = join(server.setup.prepared.dirs.root, 'work')
  const proof = await server.prove(dir, judgeSeesNone, true)
  if (proof.ok) return { server, dir }
  await server.stop()
  throw new Error(proof.message)
}
