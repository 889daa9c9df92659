// The pairwise judge through the CLI, with real opencode (server driver) as agent and judge and the scripted
// LLM as the model: side a writes a long, confident, wrong answer; side b a terse correct one. The runs'
// own score is a command (both sides alike), so only the pairwise judge tells them apart.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../src-main/db'
import { firstOrder } from '../src-main/judge/pairwise-outcome'
import { exportSchema, type ExportDocument } from '../src-shared/export'
import { expectDecided } from './support/expect-decided'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { SERVER_AGENT } from './support/server-task'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

const CASES = 6
const RIGHT = 'Paris'
const VERBOSE_WRONG =
  'Thank you for this excellent question. Having weighed the long history of the country, its many ' +
  'regions, its rivers and its kings, and after careful and thorough reflection on every source I know, ' +
  'I can state with complete confidence that the capital is Lyon, beyond any reasonable doubt.'

let llm: ScriptedLlm
let world: World
/** How the scripted judge picks: the response naming the right city, or always the first one shown. */
let judgeMode: 'content' | 'first' = 'content'
/** Every pairwise judge prompt, as the scripted model received it (all of its messages). */
const prompts: string[] = []

/** The two responses of a pairwise judge prompt, as shown (null for any other request). */
function responses(text: string): [string, string] | null {
  const m = /## Response 1\n([\s\S]*?)\n## Response 2\n([\s\S]*?)\n## How to decide/.exec(text)
  return m ? [m[1] ?? '', m[2] ?? ''] : null
}

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: 'geo-facts',
    defaultScript: { withSkill: [{ text: `${RIGHT}.` }], withoutSkill: [{ text: VERBOSE_WRONG }] },
    judge: (text) => {
      const shown = responses(text)
      if (!shown) return '{"score": 50, "reason": "not a comparison"}'
      prompts.push(text)
      if (judgeMode === 'first') return '{"winner": "1", "reason": "the first one"}'
      const winner = shown[0].includes(RIGHT) ? '1' : '2'
      return JSON.stringify({ winner, reason: `response ${winner} names the right city` })
    },
  })
  world = makeWorld(llm.url)
  writeSkill(world, 'skills/geo-facts', 'geo-facts', 'Answer geography questions in one word.')
  const cases = Array.from({ length: CASES }, (_, i) =>
    JSON.stringify({
      id: `q${i + 1}`,
      prompt: `Question ${i + 1}: what is the capital of France?`,
      expectedOutput: RIGHT,
    }),
  )
  world.write('cases.jsonl', `${cases.join('\n')}\n`)
  world.write(
    'task.json',
    JSON.stringify({
      name: 'terse vs verbose',
      skill: { path: './skills/geo-facts' },
      dataset: { path: './cases.jsonl' },
      repeatRounds: 1,
      agent: SERVER_AGENT,
      judge: { model: 'scripted/judge', retries: 1 },
      evaluators: [{ id: 'ran', kind: 'command', command: 'true' }, { id: 'preset-pairwise-outcome' }],
      policy: { primary: 'pairwise', costBudget: 10 },
    }),
  )
})
afterAll(async () => {
  await llm?.close()
  world?.cleanup()
})

async function exportDoc(): Promise<ExportDocument> {
  const res = await runCli(['export', 'terse vs verbose', '--out', 'export.json'], world.env, world.root)
  expect(res.code, res.stderr).toBe(0)
  return exportSchema.parse(JSON.parse(readFileSync(`${world.root}/export.json`, 'utf8')))
}

/** Pairwise judge prompts from index `from` on: which response held the right answer, and the text. */
function comparisonsSince(from: number): { rightAt: 1 | 2; text: string }[] {
  return prompts.slice(from).map((text) => {
    const [first] = responses(text) ?? ['']
    return { rightAt: first.includes(RIGHT) ? 1 : 2, text }
  })
}

describe('pairwise judge', () => {
  it('a verbose-but-wrong side loses to a terse-correct side in every comparison, judged in both orders', async () => {
    const res = await runCli(['run', 'task.json'], world.env, world.root)
    expectDecided(res)
    expect(res.stderr).toContain(`pairwise: judging ${CASES} comparisons`)
    expect(res.stderr).toContain(`pairwise: ${CASES} comparisons judged, 0 failed`)

    const doc = await exportDoc()
    // The runs' own scores do not tell the sides apart: the command passes on both.
    expect(doc.runs.map((r) => [r.status, r.score])).toEqual(doc.runs.map(() => ['scored', 100]))
    expect(doc.runs.every((r) => r.evaluations.map((e) => e.evaluatorId).join() === 'ran')).toBe(true)
    const list = doc.pairwise ?? []
    expect(list.map((p) => [p.caseId, p.round, p.winner, p.flipped])).toEqual(
      Array.from({ length: CASES }, (_, i) => [`q${i + 1}`, 1, 'b', false]),
    )
    for (const p of list) {
      // First the seeded order, then the swap; b named the winner in both, as Response 1 and as Response 2.
      const first = firstOrder(doc.task.id, p.caseId, 1)
      expect(p.judgements.map((j) => [j.order, j.winnerResponse, j.winner])).toEqual([
        [first, first === 'ab' ? '2' : '1', 'b'],
        [first === 'ab' ? 'ba' : 'ab', first === 'ab' ? '1' : '2', 'b'],
      ])
    }
    // The judge saw the right answer as Response 1 in some prompts and as Response 2 in others.
    const seen = comparisonsSince(0)
    expect(seen).toHaveLength(2 * CASES)
    expect(seen.filter((s) => s.rightAt === 1)).toHaveLength(CASES)
    // No pairwise prompt names a side, the baseline or the skill under test.
    for (const s of seen) expect(s.text).not.toMatch(/baseline|geo-facts|side [ab]\b/i)
    // Stored per judgement with the judge's own input and session (never as a run's evaluation).
    const store = openStore(world.dataDir)
    try {
      const rows = store.pairwiseResults.listByTask(doc.task.id)
      expect(rows).toHaveLength(2 * CASES)
      expect(rows.every((r) => r.status === 'done' && r.judgeInput?.includes('## Response 2'))).toBe(true)
    } finally {
      store.close()
    }
    // After the decision's pairwise part is computed (issue 10's statistics), b wins every case.
    if (doc.decision.pairwise)
      expect(doc.decision.pairwise).toMatchObject({ wins: CASES, losses: 0, ties: 0, verdict: 'pass' })
  })

  it('a judge that always prefers "Response 1" produces ties (the winner flips with the order), not wins', async () => {
    judgeMode = 'first'
    const from = prompts.length
    const res = await runCli(['reevaluate', 'terse vs verbose'], world.env, world.root)
    expect(res.code, res.stderr).toBe(0)
    expect(res.stderr).toContain(`pairwise: ${CASES} comparisons judged, 0 failed`)
    expect(comparisonsSince(from)).toHaveLength(2 * CASES)
    const doc = await exportDoc()
    expect(doc.pairwise?.map((p) => [p.winner, p.flipped])).toEqual(
      Array.from({ length: CASES }, () => ['tie', true]),
    )
    for (const p of doc.pairwise ?? []) expect(p.judgements.map((j) => j.winnerResponse)).toEqual(['1', '1'])
    if (doc.decision.pairwise)
      expect(doc.decision.pairwise).toMatchObject({
        wins: 0,
        losses: 0,
        ties: CASES,
        verdict: 'inconclusive',
      })
  })
})
