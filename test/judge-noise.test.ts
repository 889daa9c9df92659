// Judge noise, measured (docs/decision.md "Judge noise"), with real opencode as agent and judge and the
// scripted LLM as a judge of known test–retest noise: each judgement of a transcript is 60 plus a normal draw
// of sd 10 (seeded by the transcript and how many times it was judged before). `reevaluate --repeat 3` on
// 40 stored runs measures that sd within 20%, executes nothing and changes no run's score; the decision
// shows the figure, and warns within-judge-noise when a no-effect skill's lift lies inside it.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportSchema, type ExportDocument } from '../src-shared/export'
import { expectDecided } from './support/expect-decided'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { SERVER_AGENT } from './support/server-task'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

const CASES = 20
const SD = 10
const NAME = 'judge noise'

let llm: ScriptedLlm
let world: World
/** How many times each transcript was judged: the k-th judgement of a transcript is its k-th draw. */
const answered = new Map<string, number>()

/** A standard normal draw, fixed by `seed` (two mixes of a sha256, Box–Muller). */
function normal(seed: string): number {
  const h = createHash('sha256').update(seed).digest()
  const u1 = (h.readUInt32BE(0) + 1) / 2 ** 32
  const u2 = h.readUInt32BE(4) / 2 ** 32
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2)
}

function noisyJudge(text: string): string {
  // The transcript named by what is the same in every execution of it (its case and its answer), so the draws
  // are the same on every machine: a work dir's random name reaches the judge.
  const transcript = `${/Question \d+/.exec(text)?.[0] ?? text}\0${/Paris[.!]/.exec(text)?.[0] ?? ''}`
  const k = answered.get(transcript) ?? 0
  answered.set(transcript, k + 1)
  const score = Math.min(100, Math.max(0, 60 + SD * normal(`${transcript}\0${k}`)))
  return JSON.stringify({ score: Math.round(score * 100) / 100, reason: 'scripted judge' })
}

async function exportDoc(): Promise<ExportDocument> {
  const res = await runCli(['export', NAME, '--out', 'noise.json'], world.env, world.root)
  expect(res.code, res.stderr).toBe(0)
  return exportSchema.parse(JSON.parse(readFileSync(`${world.root}/noise.json`, 'utf8')))
}

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: 'no-effect',
    // The two sides answer alike (their transcripts differ by a character): the skill changes nothing.
    defaultScript: { withSkill: [{ text: 'Paris.' }], withoutSkill: [{ text: 'Paris!' }] },
    judge: noisyJudge,
  })
  world = makeWorld(llm.url)
  writeSkill(world, 'skills/no-effect', 'no-effect', 'Answer in one word.')
  const cases = Array.from({ length: CASES }, (_, i) =>
    JSON.stringify({ id: `q${i + 1}`, prompt: `Question ${i + 1}: what is the capital of France?` }),
  )
  world.write('cases.jsonl', `${cases.join('\n')}\n`)
  world.write(
    'task.json',
    JSON.stringify({
      name: NAME,
      skill: { path: './skills/no-effect' },
      dataset: { path: './cases.jsonl' },
      repeatRounds: 1,
      agent: { ...SERVER_AGENT, concurrency: 8 },
      judge: { model: 'scripted/judge', retries: 1, concurrency: 8 },
      evaluators: [{ id: 'preset-agent-task-completion' }],
      policy: { costBudget: 10 },
    }),
  )
})
afterAll(async () => {
  await llm?.close()
  world?.cleanup()
})

describe('judge noise', () => {
  it('reevaluate --repeat 3 on 40 runs measures the judge’s sd within 20%, executes nothing, changes no score, and the decision shows it', async () => {
    expectDecided(await runCli(['run', 'task.json'], world.env, world.root))
    const before = await exportDoc()
    expect(before.decision.judgeNoise ?? null).toBeNull()
    const agentRequests = llm.requests.filter((r) => r.kind === 'agent').length

    const res = await runCli(['reevaluate', NAME, '--repeat', '3', '--sample', '40'], world.env, world.root)
    expect(res.code, res.stderr).toBe(0)
    const out = JSON.parse(res.stdout) as {
      runs: number
      judgements: number
      noise: { sd: number; runs: number }
    }
    expect([out.runs, out.judgements, out.noise.runs]).toEqual([2 * CASES, 3 * 2 * CASES, 2 * CASES])
    console.log(
      `[judge-noise] measured sd ${out.noise.sd.toFixed(2)} (the judge's is ${SD}) over 40 runs × 3`,
    )
    expect(out.noise.sd).toBeGreaterThan(SD * 0.8)
    expect(out.noise.sd).toBeLessThan(SD * 1.2)
    expect(res.stderr).toMatch(/judge noise: sd \d+\.\d points \(40 runs × 3 judgements, 80 df\)/)
    // Nothing was executed, and every run kept its score.
    expect(llm.requests.filter((r) => r.kind === 'agent')).toHaveLength(agentRequests)
    const after = await exportDoc()
    expect(after.runs.map((r) => [r.id, r.status, r.score])).toEqual(
      before.runs.map((r) => [r.id, r.status, r.score]),
    )
    // The repeats were paid for: the task's spend counts them with its judgements.
    expect(after.spend?.judge.judgements).toBe((before.spend?.judge.judgements ?? 0) + 3 * 2 * CASES)
    expect(after.decision.judgeNoise).toMatchObject({ sd: out.noise.sd, runs: 2 * CASES, repeats: 3, df: 80 })
    // A skill that changes nothing: its lift lies within what re-judging alone moves.
    expect(after.decision.warnings.map((w) => w.code)).toContain('within-judge-noise')
    const summary = await runCli(['export', NAME, '--markdown', 'noise.md'], world.env, world.root)
    expect(summary.code, summary.stderr).toBe(0)
    expect(readFileSync(`${world.root}/noise.md`, 'utf8')).toMatch(
      /Judge: judge noise ±\d+\.\d \(test–retest sd, 40 runs judged 3 times\)/,
    )
  })

  it('says what is wrong with a bad --repeat or --sample, and runs nothing', async () => {
    for (const [args, said] of [
      [['--repeat', '1'], /repeat: 1 is not a whole number from 2 to 10/],
      [['--repeat', 'x'], /--repeat takes a whole number \(got "x"\)/],
      [['--sample', '5'], /--sample goes with --repeat K/],
      [['--repeat', '2', '--failed'], /--repeat measures the judge; it takes no --failed or --runs/],
    ] as const) {
      const res = await runCli(['reevaluate', NAME, ...args], world.env, world.root)
      expect(res.code).toBe(2)
      expect(res.stderr).toMatch(said)
    }
  })
})
