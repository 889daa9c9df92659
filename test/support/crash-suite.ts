// The SIGKILL suite, shared by the CI file (5 kills) and the slow one (20): kill `skill-ab run` during
// execution, judging and export, restart each time, then check that nothing paid for was lost or redone.
import { readFileSync } from 'node:fs'
import { userInfo } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../src-main/db'
import { mulberry32 } from '../../src-main/stats/prng'
import { processesOf, runAndKill, snapshot, type Phase, type StoreSnapshot } from './crash-cycle'
import { makeWorld, writeSkill, type World } from './fixtures'
import { startScriptedLlm, type ScriptedLlm } from './scripted-llm'

export function defineCrashSuite(opts: { kills: number; cases: number; seed?: number }): void {
  const seed = opts.seed ?? Number(process.env.SKILL_AB_CRASH_SEED ?? Date.now() % 1_000_000)
  let llm: ScriptedLlm
  let world: World

  beforeAll(async () => {
    llm = await startScriptedLlm({
      skillName: 'pirate-speak',
      judge: (text) => `{"score": ${text.includes('Arr') ? 80 : 40}, "reason": "scripted"}`,
    })
    world = makeWorld(llm.url)
    writeSkill(world, 'skills/pirate-speak', 'pirate-speak')
    const cases = Array.from({ length: opts.cases }, (_, i) =>
      JSON.stringify({ id: `c${i + 1}`, prompt: `Say hello ${i + 1}.` }),
    )
    world.write('cases.jsonl', `${cases.join('\n')}\n`)
    world.write(
      'task.json',
      JSON.stringify({
        name: 'crash',
        skill: { path: './skills/pirate-speak', label: 'v2' },
        dataset: { path: './cases.jsonl' },
        repeatRounds: 1,
        agent: { model: 'scripted/agent', timeoutSec: 60, idleTimeoutSec: 30, concurrency: 2 },
        judge: { model: 'scripted/judge', concurrency: 2, retries: 1 },
      }),
    )
  })
  afterAll(async () => {
    await llm.close()
    world.cleanup()
  })

  describe(`SIGKILL ${opts.kills}× at random moments (seed ${seed}; replay with SKILL_AB_CRASH_SEED)`, () => {
    it('ends with every run scored, one batch, no execution redone, no result lost, nothing stuck, no orphan', async () => {
      const random = mulberry32(seed)
      const seen: StoreSnapshot[] = []
      const log: string[] = []
      const args = ['run', 'task.json', '--export', 'out.json']
      for (let i = 0; i < opts.kills; i++) {
        // Kills at export let the whole run finish first, so they come last, once the work is done.
        const phase: Phase =
          i >= opts.kills - Math.ceil(opts.kills / 5) ? 'export' : i % 2 ? 'judging' : 'execution'
        const cycle = await runAndKill(world, args, phase, random)
        log.push(`cycle ${i + 1} (${phase}): ${cycle.killed ? 'killed' : `exited ${cycle.code}`}`)
        seen.push(snapshot(world))
      }
      console.info(`crash suite, seed ${seed}:\n${log.join('\n')}`)
      const last = await runAndKill(world, args, null, random)
      expect([0, 1, 3], `${log.join('\n')}\n${last.stderr}`).toContain(last.code)
      expect(log.filter((l) => l.endsWith('killed')).length, log.join('\n')).toBeGreaterThanOrEqual(
        Math.ceil(opts.kills / 2),
      )

      const store = openStore(world.dataDir)
      try {
        const [task] = store.tasks.list()
        const runs = store.runs.listByTask(task?.id ?? '')
        expect(runs).toHaveLength(opts.cases * 2)
        expect(
          runs.filter((r) => r.status !== 'scored').map((r) => `${r.id} ${r.status}/${r.failureType}`),
        ).toEqual([])
        // Invariant 2: every run records the local OS user who started it.
        expect([...new Set(runs.map((r) => r.startedBy))]).toEqual([userInfo().username])
        // Invariant 1: one batch id, used by every result.
        const batches = store.db
          .prepare('SELECT DISTINCT evaluator_run_id AS b FROM trajectory_eval_result')
          .all() as { b: string }[]
        expect(batches.map((b) => b.b)).toEqual([task?.evaluationBatchId])
        // No execution redone once it completed: same session id, and no `running` after `executed`.
        const final = snapshot(world)
        for (const s of seen)
          for (const [runId, session] of s.executedSessions)
            expect(final.executedSessions.get(runId)).toBe(session)
        const history = store.db
          .prepare('SELECT run_id, to_status FROM run_status_change ORDER BY run_id, seq')
          .all() as { run_id: string; to_status: string }[]
        const executedOnce = new Set<string>()
        for (const h of history) {
          if (h.to_status === 'executed') executedOnce.add(h.run_id)
          if (h.to_status === 'running')
            expect(executedOnce.has(h.run_id), `run ${h.run_id} ran again after executing`).toBe(false)
        }
        // No result lost.
        for (const s of seen)
          for (const id of s.resultIds) expect(final.resultIds.has(id), `result ${id} lost`).toBe(true)
      } finally {
        store.close()
      }
      // The export of the last run is complete and every agent and judge process is gone.
      const doc = JSON.parse(readFileSync(join(world.root, 'out.json'), 'utf8')) as {
        runs: { status: string }[]
      }
      expect(doc.runs.every((r) => r.status === 'scored')).toBe(true)
      expect(processesOf(world.dataDir)).toEqual([])
    })
  })
}
