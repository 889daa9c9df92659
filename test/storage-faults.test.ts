// The built CLI on a data folder that is a small tmpfs: one that fills while `run` imports its dataset (a clear
// message, no stack trace, nothing half-written, everything saved before intact), and one with too little room
// for the runs (refused before any agent starts, naming the space needed). (A disk that fills while an agent
// runs: storage-faults-mid-run.slow.test.ts.)
import { describe, expect, it } from 'vitest'
import { openStore } from '../src-main/db'
import { seedTask } from '../src-main/db/store.fixture'
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
      expect(res.stderr).toMatch(
        new RegExp(
          `skill-ab run: disk full at ${dataDir} \\([\\d.]+ [KM]B free, at least 64.0 MB needed\\): free at least [\\d.]+ MB, then run the same command again — nothing already saved is lost\n`,
        ),
      )
      expect(res.stderr).not.toMatch(/\n\s+at .*:\d+:\d+/)
      expect(llm.requests.filter((r) => r.kind !== 'other')).toEqual([]) // refused before any agent started

      fs.unfill()
      expect(t().integrity()).toBe('ok')
      expect((await t().listed()).map((x) => x.name)).toEqual(['saved before'])
    })

    it('too little room for the runs: refused before any agent starts, naming free and needed space; runs wait', async () => {
      const { world, fs, env, llm } = t()
      world.write('two.jsonl', '{"id":"c1","prompt":"Say hello."}\n{"id":"c2","prompt":"Say bye."}\n')
      fs.fill(24 * 1024 * 1024)
      const config = t().config('room', './two.jsonl')
      const res = await runCli(['run', config], env, world.root)
      fs.unfill()
      expect(res.code, res.stderr).toBe(2)
      const m =
        /disk full at \S+\/work\/task_\w+ \(([\d.]+) MB free, at least ([\d.]+) MB needed\): free at least ([\d.]+) MB/.exec(
          res.stderr,
        )
      expect(m, res.stderr).not.toBeNull()
      const [free, needed, more] = (m ?? []).slice(1).map(Number) as [number, number, number]
      expect(free).toBeLessThan(25)
      expect(needed).toBeGreaterThan(64)
      expect(more).toBeCloseTo(needed - free, 0)
      expect(llm.requests.filter((r) => r.kind === 'agent')).toEqual([])
      expect((await t().listed()).find((x) => x.name === 'room')?.runs).toMatchObject({
        pending: 4,
        running: 0,
      })

      const again = await runCli(['run', config], env, world.root) // with room: the same runs execute
      expect([0, 1, 3], again.stderr).toContain(again.code)
      expect((await t().listed()).find((x) => x.name === 'room')?.runs).toMatchObject({
        scored: 4,
        pending: 0,
      })
    })
  },
)
