// A test world whose data folder (SKILL_AB_HOME) is a small tmpfs, with the scripted LLM: for disk-full
// tests of the built CLI. Registers its own beforeAll/afterAll; call inside a describe.
import Database from 'better-sqlite3'
import { afterAll, beforeAll, expect } from 'vitest'
import { databasePath } from '../../src-main/db'
import { makeWorld, runCli, writeSkill, type World } from './fixtures'
import { startScriptedLlm, type ScriptedLlm, type ScriptedLlmOptions } from './scripted-llm'
import { mountTmpfs, type Tmpfs } from './tmpfs'

export interface ListedTask {
  name: string
  runs: Record<string, number>
}

export interface TmpfsWorld {
  llm: ScriptedLlm
  world: World
  fs: Tmpfs
  env: NodeJS.ProcessEnv
  dataDir: string
  /** Writes a config for the `skill` folder and `dataset` (relative to the world root); returns its path. */
  config(name: string, dataset: string): string
  /** `skill-ab list --json` (asserts exit 0). */
  listed(): Promise<ListedTask[]>
  /** PRAGMA integrity_check of the data folder's database, read-only. */
  integrity(): string
}

export function useTmpfsWorld(llmOptions: ScriptedLlmOptions = {}): () => TmpfsWorld {
  let t: TmpfsWorld | undefined
  beforeAll(async () => {
    const llm = await startScriptedLlm({ skillName: 'pirate-speak', ...llmOptions })
    const world = makeWorld(llm.url)
    writeSkill(world, 'skill', 'pirate-speak')
    // The agent's isolated home (with a copy of ripgrep) lives in the data folder too: room for it.
    const fs = mountTmpfs(128 * 1024)
    const dataDir = `${fs.dir}/data`
    const env = { ...world.env, SKILL_AB_HOME: dataDir }
    t = {
      llm,
      world,
      fs,
      env,
      dataDir,
      config: (name, dataset) =>
        world.write(
          `${name}.json`,
          JSON.stringify({
            name,
            skill: { path: './skill' },
            dataset: { path: dataset },
            repeatRounds: 1,
            agent: { model: 'scripted/agent', timeoutSec: 60, idleTimeoutSec: 30, concurrency: 2 },
            judge: { model: 'scripted/judge' },
          }),
        ),
      listed: async () => {
        const res = await runCli(['list', '--json'], env, world.root)
        expect(res.code, res.stderr).toBe(0)
        return JSON.parse(res.stdout) as ListedTask[]
      },
      integrity: () => {
        const db = new Database(databasePath(dataDir), { readonly: true })
        try {
          return db.pragma('integrity_check', { simple: true }) as string
        } finally {
          db.close()
        }
      },
    }
  })
  afterAll(async () => {
    t?.fs.unmount()
    t?.world.cleanup()
    await t?.llm.close()
  })
  return () => {
    if (!t) throw new Error('useTmpfsWorld: used outside a test')
    return t
  }
}
