// One warm `opencode serve` (docs/opencode.md "opencode serve"), the one module a task's side, a trigger probe
// version and the judge start theirs with: its private dirs and password, the process (started again in the
// same dirs when it died), its client, its work-dir slots, the proof, what an instance offers (read before
// every session, rebuilt once when it is not exactly what the side must see), dispose, stop and cleanup.
import { mkdirSync } from 'node:fs'
import { removePrivateDirs } from '../isolation/private-dirs'
import { modelProblem } from '../opencode/model-check'
import { nonBuiltIn, type ListedSkill } from '../isolation/skill-proof'
import { serveClient, type ServeClient } from './serve-client'
import { startServe, type ServeProcess } from './serve-process'
import {
  providerOf,
  setupServer,
  withSideNotes,
  type ProcessSetup,
  type SideContext,
} from '../isolation/side-context'
import type { IsolationProof } from '../types'
import { prepareWorkDir } from '../drivers/workdir'
import { SlotPool } from './work-slots'

export const DEFAULT_START_TIMEOUT_MS = 60_000

export interface WarmServerInput {
  ctx: SideContext
  /** The private dirs' name prefix, e.g. `serve-b`, `probe-a`, `judge-serve-score`. */
  label: string
  /** Top-level keys of OPENCODE_CONFIG_CONTENT to replace (the judge's agent, a probe's steps). */
  configOverrides?: Record<string, unknown>
  graceMs: number
  startTimeoutMs?: number
}

/** What an instance offered just before a session, judged against what its side must see. */
export interface OfferedEvidence {
  /** Non-built-in skills `GET /skill` listed for the directory (null: the server did not answer). */
  offered: ListedSkill[] | null
  proof: IsolationProof
  /** The first answer was wrong, so the instance was disposed and booted again before this one. */
  rebuilt: boolean
}

export type VisibilityJudge = (visible: ListedSkill[]) => IsolationProof

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err))

export class WarmServer {
  readonly slots = new SlotPool()
  #serve: ServeProcess
  #client: ServeClient
  #reviving: Promise<string | null> | null = null
  #closing: Promise<void> | null = null

  private constructor(
    readonly input: WarmServerInput,
    readonly setup: ProcessSetup & { password: string },
    serve: ServeProcess,
  ) {
    this.#serve = serve
    this.#client = serveClient(serve.url, setup.password)
  }

  /** Starts the server in new private dirs; throws a redacted Error and leaves nothing behind. */
  static async start(input: WarmServerInput): Promise<WarmServer> {
    const { ctx } = input
    if (ctx.setupError || !ctx.bin) throw new Error(ctx.setupError ?? 'opencode not found')
    let setup
    try {
      setup = setupServer(ctx, input.label, input.configOverrides)
    } catch (err) {
      throw new Error(`could not prepare the private dirs under ${ctx.spec.runRoot}: ${message(err)}`, {
        cause: err,
      })
    }
    try {
      return new WarmServer(input, setup, await launch(input, setup))
    } catch (err) {
      removePrivateDirs(setup.prepared.dirs)
      throw new Error(setup.redact(message(err)), { cause: err })
    }
  }

  get serve(): ServeProcess {
    return this.#serve
  }

  get client(): ServeClient {
    return this.#client
  }

  get closed(): boolean {
    return this.#closing !== null
  }

  /**
   * A server that died is started again in the same private dirs (a new port; every slot's instance is gone):
   * null once it runs, else why it cannot (closed, or the start failed, redacted). Concurrent callers share one
   * restart.
   */
  revive(): Promise<string | null> {
    if (this.closed) return Promise.resolve('the server was stopped')
    if (!this.#serve.exit()) return Promise.resolve(null)
    this.#reviving ??= (async () => {
      try {
        this.#serve = await launch(this.input, this.setup)
        this.#client = serveClient(this.#serve.url, this.setup.password)
        this.slots.coolAll()
        return null
      } catch (err) {
        return this.setup.redact(`opencode serve could not be started again: ${message(err)}`)
      } finally {
        this.#reviving = null
      }
    })()
    return this.#reviving
  }

  /** The non-built-in skills the instance of `dir` offers (`GET /skill` boots it when it is not loaded). */
  async offered(dir: string): Promise<ListedSkill[]> {
    const listed = await this.#client.json<{ name?: unknown; location?: unknown }[]>('GET', '/skill', dir)
    if (!Array.isArray(listed)) throw new Error('GET /skill did not return a list')
    return nonBuiltIn(listed.map((s) => ({ name: String(s.name ?? ''), location: String(s.location ?? '') })))
  }

  /** Unloads the instance of `dir` (its config and skills are read again by the next request); never throws. */
  async dispose(dir: string): Promise<void> {
    await this.#client.json('POST', '/instance/dispose', dir).catch(() => {})
  }

  /**
   * What the instance that will run the next session in `dir` offers, judged; when it is not what `judge`
   * expects, the instance is disposed, booted again and read once more. Never throws.
   */
  async offeredExactly(dir: string, judge: VisibilityJudge): Promise<OfferedEvidence> {
    const read = async (): Promise<{ offered: ListedSkill[] | null; proof: IsolationProof }> => {
      try {
        const offered = await this.offered(dir)
        return { offered, proof: judge(offered) }
      } catch (err) {
        const why = `could not read the skills opencode offers in ${dir}: ${message(err)}`
        const { side } = this.input.ctx.spec
        return { offered: null, proof: { side, ok: false, visible: [], message: this.setup.redact(why) } }
      }
    }
    const first = await read()
    if (first.proof.ok) return { ...first, rebuilt: false }
    await this.dispose(dir)
    return { ...(await read()), rebuilt: true }
  }

  /**
   * The proof of what a session in a fresh git dir `dir` would see, and that the model is known: the instance
   * stays loaded when `keepLoaded` (a work-dir slot the first session will use) and the server answered.
   */
  async prove(dir: string, judge: VisibilityJudge, keepLoaded: boolean): Promise<IsolationProof> {
    const { ctx } = this.input
    const { spec } = ctx
    let answered = false
    try {
      await prepareWorkDir(dir, {}, ctx.parentEnv.PATH)
      const visible = await this.offered(dir)
      const provider = providerOf(spec.model) ?? ''
      const config = await this.#client.json<{
        providers?: { id?: string; models?: Record<string, unknown> }[]
      }>('GET', '/config/providers', dir)
      const models = (config?.providers ?? [])
        .filter((p) => p.id === provider)
        .flatMap((p) => Object.keys(p.models ?? {}).map((m) => `${provider}/${m}`))
      answered = true
      const problem = modelProblem(spec.model, models)
      if (problem) return { side: spec.side, ok: false, visible, message: problem }
      const proof = judge(visible)
      return withSideNotes(ctx, proof)
    } catch (err) {
      return { side: spec.side, ok: false, visible: [], message: this.setup.redact(message(err)) }
    } finally {
      if (!keepLoaded || !answered) await this.dispose(dir)
    }
  }

  /** Stops the process (and its strays), removes the slots and the private dirs; once, whoever calls it. */
  stop(): Promise<void> {
    this.#closing ??= (async () => {
      await this.#reviving
      await this.#serve.stop(this.input.graceMs)
      this.slots.close()
      removePrivateDirs(this.setup.prepared.dirs)
    })()
    return this.#closing
  }
}

function launch(input: WarmServerInput, setup: ProcessSetup): Promise<ServeProcess> {
  // Its sessions run in work-dir slots under the side's work root: the sandbox gives it that folder.
  const { workRoot } = input.ctx.spec
  if (workRoot) mkdirSync(workRoot, { recursive: true })
  const policy = setup.sandbox && {
    ...setup.sandbox,
    allowRead: [...setup.sandbox.allowRead, ...(workRoot ? [workRoot] : [])],
    allowWrite: [...setup.sandbox.allowWrite, ...(workRoot ? [workRoot] : [])],
  }
  return startServe({
    bin: input.ctx.bin?.path ?? 'opencode',
    env: setup.env,
    cwd: setup.prepared.dirs.home,
    marker: setup.marker,
    startTimeoutMs: input.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
    sandbox: policy && { policy, privateRoot: setup.prepared.dirs.root },
  })
}
