// Where one judgement runs (agent.driver): a process of its own (private dirs with the judge agent, an empty
// git repo for its cwd, removed after), or a session on the warm judge server of its answer kind
// (judge-server.ts). Either way one session on the one runner (agent/session/session.ts).
import { join } from 'node:path'
import { removePrivateDirs } from '../agent/isolation/private-dirs'
import type { SessionTransport } from '../agent/session/session-types'
import { setupProcess, type ProcessSetup, type SideContext } from '../agent/isolation/side-context'
import { prepareWorkDir } from '../agent/drivers/workdir'
import { JUDGE_PERMISSIONS, type ServerJudgePool } from './judge-server'
import { judgeConfigOverrides, type JudgeAnswer } from './judge-prompt'

/** Where one judgement runs: the redaction of its env, its transport, and what to clean up after it. */
export interface JudgePlace {
  setup: Pick<ProcessSetup, 'secrets' | 'redact'>
  transport: SessionTransport
  /** Made ready once the prompt is rendered (may throw, which fails the attempt). */
  prepare: () => Promise<unknown>
  release: () => void
}

export type Placed = { place: JudgePlace } | { failed: { error: string; retryable: boolean } }

/** A process of its own: private dirs with the judge agent, and an empty git repo for its cwd. */
export function processPlace(ctx: SideContext, label: string, answer: JudgeAnswer): Placed {
  const bin = ctx.bin?.path ?? 'opencode' // present: the caller checked it
  let setup: ProcessSetup
  try {
    setup = setupProcess(ctx, label, judgeConfigOverrides(ctx.spec.model, answer))
  } catch (err) {
    const error = `could not prepare the judge's private dirs under ${ctx.spec.runRoot}: ${(err as Error).message}`
    return { failed: { error, retryable: true } }
  }
  // An empty git repo of its own: opencode looks for skills, config and AGENTS.md no higher than this.
  const cwd = join(setup.prepared.dirs.root, 'work')
  return {
    place: {
      setup,
      transport: { kind: 'process', bin, cwd, setup },
      prepare: () => prepareWorkDir(cwd, {}, ctx.parentEnv.PATH),
      release: () => removePrivateDirs(setup.prepared.dirs),
    },
  }
}

/** A session on the judge server of the request's answer kind (agent.driver "server"). */
export async function serverPlace(pool: ServerJudgePool, answer: JudgeAnswer): Promise<Placed> {
  let server
  try {
    server = await pool.server(answer)
  } catch (err) {
    return {
      failed: {
        error: `could not start opencode serve for the judge: ${(err as Error).message}`,
        retryable: false,
      },
    }
  }
  const { serve, client, setup } = server.server
  const { dir } = server
  return {
    place: {
      setup,
      transport: { kind: 'server', serve, client, dir, permission: JUDGE_PERMISSIONS, what: 'judgement' },
      // Its one dir is ready and stays loaded.
      prepare: async () => {},
      release: () => {},
    },
  }
}
