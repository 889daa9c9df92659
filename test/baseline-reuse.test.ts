// Baseline reuse end to end (README "Baseline reuse"): a second task against the same baseline links the
// first one's a-runs instead of executing them, reaches the same verdict, and a re-run or a deletion of
// either side never destroys the other task's result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type RunRow } from '../src-main/db'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ExportDocument } from '../src-shared/export'
import { runCli, makeWorld, writeSkill, type World } from './support/fixtures'
import { ANSWER_EXISTS, expectDecided } from './support/expect-decided'
import { SERVER_AGENT } from './support/server-task'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: 'pirate-speak' })
  world = makeWorld(llm.url)
  writeSkill(world, 'skills/pirate-speak', 'pirate-speak')
  world.write(
    'cases.jsonl',
    '{"id":"c1","prompt":"Say hello."}\n{"id":"c2","prompt":"Say goodbye.","files":{"notes.txt":"hi\\n"}}\n',
  )
})
afterAll(async () => {
  await llm.close()
  world.cleanup()
})

function writeConfig(file: string, name: string, extra: Record<string, unknown> = {}): void {
  world.write(
    file,
    JSON.stringify({
      name,
      skill: { path: './skills/pirate-speak', label: 'v2' },
      dataset: { path: './cases.jsonl' },
      repeatRounds: 2,
      evaluators: ANSWER_EXISTS,
      agent: SERVER_AGENT,
      ...extra,
    }),
  )
}

/** Runs `run <file> --export <file>.out.json` and counts the scripted model's agent requests per side. */
async function run(file: string, ...flags: string[]) {
  const from = llm.requests.length
  const res = await runCli(['run', file, '--export', `${file}.out.json`, ...flags], world.env, world.root)
  const agent = llm.requests.slice(from).filter((r) => r.kind === 'agent')
  const doc = JSON.parse(readFileSync(join(world.root, `${file}.out.json`), 'utf8')) as ExportDocument
  return {
    res,
    doc,
    aRequests: agent.filter((r) => !r.skillListed).length,
    bRequests: agent.filter((r) => r.skillListed).length,
  }
}

function withStore<T>(fn: (store: ReturnType<typeof openStore>) => T): T {
  const store = openStore(world.dataDir)
  try {
    return fn(store)
  } finally {
    store.close()
  }
}

const runsOf = (name: string): RunRow[] =>
  withStore((s) => s.runs.listByTask(s.tasks.list().find((t) => t.taskName === name)?.id ?? '-'))

describe('baseline reuse', () => {
  it('a second task against the same baseline executes no a-run and reaches the same verdict; its spend leaves the reused runs out', async () => {
    writeConfig('first.json', 'first')
    const first = await run('first.json')
    expectDecided(first.res)
    expect(first.aRequests).toBeGreaterThan(0)

    writeConfig('second.json', 'second')
    const second = await run('second.json')
    expectDecided(second.res)
    expect(second.aRequests).toBe(0)
    expect(second.bRequests).toBeGreaterThan(0)
    expect(second.res.stderr).toMatch(
      /reused 4 baseline runs of earlier tasks \(4 with their judge results\): saved \$0\.\d+/,
    )
    expect(second.res.stderr).toContain('4 runs to execute')
    expect(second.doc.decision.verdict).toBe(first.doc.decision.verdict)
    expect(second.doc.decision.capability).toEqual(first.doc.decision.capability)

    const firstA = first.doc.runs.filter((r) => r.side === 'a')
    const secondA = second.doc.runs.filter((r) => r.side === 'a')
    expect(secondA.map((r) => r.sessionId)).toEqual(firstA.map((r) => r.sessionId))
    for (const [i, r] of secondA.entries()) {
      expect(r.reusedFrom).toEqual({ runId: firstA[i]?.id, taskId: first.doc.task.id })
      expect(r.status).toBe('scored')
      expect(r.evaluations[0]?.reusedFrom).toBe(firstA[i]?.evaluations[0]?.id)
      expect(r.evaluations[0]?.evaluatorRunId).toBe(second.doc.task.evaluationBatchId)
    }
    for (const r of second.doc.runs.filter((r) => r.side === 'b')) expect(r.reusedFrom).toBeNull()
    // Paid here: side b only (the a-runs were paid for by the first task).
    expect(second.doc.spend?.a.runs).toBe(0)
    expect(second.doc.spend?.b.runs).toBe(4)
  })

  it('invariant 12: re-running a reused run executes it in the new task only; deleting the first task keeps the trajectories the second shows', async () => {
    const [linked] = runsOf('second').filter((r) => r.side === 'a')
    const before = runsOf('first')
    const rerun = await run('second.json', '--runs', linked?.id ?? '-')
    expectDecided(rerun.res)
    expect(rerun.aRequests).toBeGreaterThan(0)
    const after = runsOf('second').find((r) => r.id === linked?.id)
    expect(after?.reusedFrom).toBeNull()
    expect(after?.sessionId).not.toBe(linked?.sessionId)
    // The first task's run, its execution and its trajectory are untouched.
    expect(runsOf('first')).toEqual(before)
    withStore((s) => {
      const origin = before.find((r) => r.sessionId === linked?.sessionId) as RunRow
      expect(s.trajectories.get(origin.id)?.sessionId).toBe(origin.sessionId)
      const first = s.tasks.list().find((t) => t.taskName === 'first')
      expect(first && s.tasks.delete(first.id)).toBe(true)
      const still = s.runs.listByTask(s.tasks.list().find((t) => t.taskName === 'second')?.id ?? '-')
      for (const r of still.filter((x) => x.side === 'a')) {
        const t = s.trajectories.get(r.id)
        expect(t?.sessionId, r.id).toBe(r.sessionId)
        expect(t?.events.length, r.id).toBeGreaterThan(0)
      }
    })
    // A third task now links the executions the second one holds.
    writeConfig('third.json', 'third')
    const third = await run('third.json')
    expectDecided(third.res)
    expect(third.aRequests).toBe(0)
  })

  it('another evaluator set links the executions but judges them again in its own batch', async () => {
    const evaluators = [{ id: 'answer-file', kind: 'command', command: 'test -s answer.txt', weight: 1 }]
    writeConfig('judged.json', 'judged', { evaluators })
    const judged = await run('judged.json')
    expectDecided(judged.res)
    expect(judged.aRequests).toBe(0)
    expect(judged.res.stderr).toContain(
      'reused 4 baseline runs of earlier tasks (0 with their judge results)',
    )
    for (const r of judged.doc.runs.filter((x) => x.side === 'a')) {
      expect(r.reusedFrom).not.toBeNull()
      expect(r.evaluations.map((e) => [e.evaluatorId, e.reusedFrom, e.evaluatorRunId])).toEqual([
        ['answer-file', null, judged.doc.task.evaluationBatchId],
      ])
    }
  })

  it('reuseBaseline: false executes every a-run', async () => {
    writeConfig('fresh.json', 'fresh', { reuseBaseline: false })
    const fresh = await run('fresh.json')
    expectDecided(fresh.res)
    expect(fresh.aRequests).toBeGreaterThan(0)
    expect(fresh.res.stderr).not.toContain('reused')
    expect(fresh.doc.runs.every((r) => r.reusedFrom === null)).toBe(true)
  })
})
