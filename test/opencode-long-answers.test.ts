// opencode's long answers read whole at the concurrency runs use: opencode exits before a pipe has taken all
// it printed (past the pipe's 64 KiB, exit code 0), so a query's stdout is a file. Seen through a pipe: 10 of
// 16 `models --verbose` at once cut short, and a long SKILL.md's `debug skill` cut mid-JSON.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { listVisibleSkills } from '../src-main/agent/isolation/skill-proof'
import { prepareSide, setupProcess } from '../src-main/agent/isolation/side-context'
import { parseVerboseModels } from '../src-main/agent/opencode/model-prices'
import { queryOpencode } from '../src-main/agent/opencode/opencode-query'
import type { SideSpec } from '../src-main/agent/types'
import { makeSnapshot, sideSpec, SKILL } from './agent-support'
import { writeProviderConfig } from './support/scripted-llm'

const AT_ONCE = 8
let root: string
let b: SideSpec

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'skill-ab-long-'))
  const providerConfig = writeProviderConfig(join(root, 'provider.json'), { baseURL: 'http://127.0.0.1:9' })
  // A SKILL.md of 160 KB: `opencode debug skill` prints each skill's content, so its answer is longer still.
  const snap = makeSnapshot(join(root, 'data'), SKILL, 'd'.repeat(64), 'Talk like a pirate. '.repeat(8000))
  b = sideSpec({ side: 'b', skill: snap, providerConfig, runRoot: join(root, 'data', 'tmp') })
})

afterAll(() => rmSync(root, { recursive: true, force: true }))

function freshDir(): string {
  const dir = mkdtempSync(join(root, 'work-'))
  writeFileSync(join(dir, 'README.md'), 'a case\n')
  return dir
}

it(`a SKILL.md longer than a pipe holds is proved visible by ${AT_ONCE} proofs at once (the process driver's \`debug skill\`)`, async () => {
  const ctx = await prepareSide(b, process.env)
  // Each proof in its own private dirs, as each run's is (opencode's data dir is not shared at once).
  const proofs = await Promise.all(
    Array.from({ length: AT_ONCE }, (_, i) =>
      listVisibleSkills({
        bin: ctx.bin?.path ?? '',
        cwd: freshDir(),
        env: setupProcess(ctx, `long-${i}`).env,
      }).then(
        (skills) => skills.map((s) => s.name).join(','),
        (err: Error) => err.message,
      ),
    ),
  )
  expect(proofs).toEqual(Array.from({ length: AT_ONCE }, () => SKILL))
})

it(`a provider's whole priced model list (about 100 KB) is read by each of ${AT_ONCE} queries at once`, async () => {
  // A side's opencode knows its own model's provider only (docs/sandbox.md): a side of an openai model.
  const ctx = await prepareSide({ ...b, skill: null, side: 'a', model: 'openai/gpt-4o' }, process.env)
  const lists = await Promise.all(
    Array.from({ length: AT_ONCE }, async (_, i) => {
      const env = setupProcess(ctx, `models-${i}`).env
      const r = await queryOpencode({ bin: ctx.bin?.path ?? '', cwd: freshDir(), env }, [
        'models',
        'openai',
        '--verbose',
      ])
      expect(r.failed, r.stderr).toBe(false)
      expect(r.stdout.length).toBeGreaterThan(64 * 1024)
      return [...parseVerboseModels(r.stdout).entries()]
    }),
  )
  const priced = lists.map((l) => l.filter(([, prices]) => prices !== null).length)
  expect(priced[0]).toBeGreaterThan(20)
  // Every answer whole: the same models with the same prices (a cut answer lists fewer, its last unpriced).
  expect(lists).toEqual(Array.from({ length: AT_ONCE }, () => lists[0]))
})
