// The built CLI on a data folder that is a small tmpfs which fills while `run` imports its dataset: a clear
// message, no stack trace, nothing half-written, and everything saved before intact. (A disk that fills
// while an agent runs: storage-faults-mid-run.slow.test.ts.)
import { describe, expect, it } from 'vitest'
import { openStore } from '../src-main/db'
import { seedTask } from '../src-main/db/testing'
import { runCli } from './support/fixtures'
import { tmpfsUnavailable } from './support/tmpfs'
import { useTmpfsWorld } from './support/tmpfs-world'

const noTmpfs = tmpfsUnavailable()

describe.skipIf(noTmpfs !== null)(
  `disk full under \`skill-ab run\`${noTmpfs ? ` (SKIPPED: ${noTmpfs})` : ''}`,
  () => {
    const t = useTmpfsWorld()

    it('while importing the dataset: exit 2, "disk full at <dir>", nothing half-written, saved tasks intact', async () => {
      const { world, fs, env, dataDir, llm } = t()
      const store = openStore(dataDir)
      seedTask(store, 'saved before')
      store.close()
      const lines = Array.from({ length: 400 }, (_, i) =>
        JSON.stringify({ id: `c${i}`, prompt: `${i} `.repeat(600) }),
      )
      world.write('big.jsonl', `${lines.join('\n')}\n`)
      fs.fill(400 * 1024)

      const res = await runCli(['run', t().config('big', './big.jsonl')], env, world.root)
      expect(res.code, res.stderr).toBe(2)
      expect(res.stderr).toContain(
        `skill-ab run: disk full at ${dataDir}: free space, then run the same command again — nothing already saved is lost\n`,
      )
      expect(res.stderr).not.toMatch(/\n\s+at .*:\d+:\d+/)
      expect(llm.requests).toEqual([]) // refused before any agent started

      fs.unfill()
      expect(t().integrity()).toBe('ok')
      expect((await t().listed()).map((x) => x.name)).toEqual(['saved before'])
    })
  },
)
