// Test-only: an api host over a real store in a temp data dir, with a driver and judge that refuse to run
// (handler tests must not start agents; flows with opencode are tested under test/ and e2e/).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentDriver } from '../agent/types'
import { openAppContext, type AppContext } from '../services/app-context'
import type { Patch } from '../../src-shared/ipc-views'
import { createApiHost, type ApiHost } from './host'

export interface TestHost {
  dir: string
  ctx: AppContext
  host: ApiHost
  patches: Patch[]
  /** The result of a call that must succeed. */
  ok<T = unknown>(channel: string, payload?: unknown): Promise<T>
  cleanup(): Promise<void>
}

const refusingDriver: AgentDriver = {
  name: 'process',
  openSide: () => {
    throw new Error('this test must not start an agent')
  },
}

export function openTestHost(opts: { coalesceMs?: number } = {}): TestHost {
  const dir = mkdtempSync(join(tmpdir(), 'skill-ab-api-'))
  const ctx = openAppContext({
    env: { SKILL_AB_HOME: dir, HOME: dir, PATH: process.env.PATH },
    kind: 'app',
    driver: refusingDriver,
  })
  ctx.createJudge = () => {
    throw new Error('this test must not start a judge')
  }
  const host = createApiHost({ ctx, transport: 'serve', coalesceMs: opts.coalesceMs ?? 10, log: () => {} })
  const patches: Patch[] = []
  host.subscribe((p) => patches.push(p))
  return {
    dir,
    ctx,
    host,
    patches,
    async ok<T>(channel: string, payload: unknown = {}) {
      const res = await host.call(channel, payload)
      if (!res.ok) throw new Error(`${channel} failed: ${res.error.message}`)
      return res.result as T
    },
    async cleanup() {
      await host.close()
      ctx.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
