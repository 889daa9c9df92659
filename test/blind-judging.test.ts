// Blind judging: a judge that favours answers revealing a skill cannot make a no-effect skill pass,
// because no judge prompt of either side carries the skill's name, text or tool call.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../src-main/db'
import { exportSchema } from '../src-shared/export'
import { makeWorld, runCli, type World } from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'
import { allText, toChatRequest } from '../src-main/demo/scripted-llm/request'
import { SERVER_AGENT } from './support/server-task'

const SKILL = 'tidy-notes'
const DESCRIPTION = 'Use when the user asks to tidy meeting notes into a short list of bullet points.'
const BODY = 'Group every action item under a heading called Next Steps and put the name of its owner first.'
/** Passages of the skill's text a judge must never see (each 8 words or more). */
const PASSAGES = [
  'tidy meeting notes into a short list of bullet points',
  'Group every action item under a heading called Next Steps',
]

/** What an LLM judge biased toward skill use would notice. */
function revealsSkill(text: string): boolean {
  const flat = text.replace(/\s+/g, ' ').toLowerCase()
  return (
    flat.includes(SKILL) ||
    flat.includes('skill_content') ||
    flat.includes('base directory for this skill') ||
    PASSAGES.some((p) => flat.includes(p.toLowerCase())) ||
    /\bskill\b.{0,20}\btidy\b|\btidy\b.{0,20}\bskills?\b/.test(flat)
  )
}

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  // The built-in script: side b calls the skill tool first, then both sides write the same answer.txt
  // and say the same final text. The skill has no effect on the work.
  llm = await startScriptedLlm({
    skillName: SKILL,
    judge: (text) =>
      JSON.stringify(
        revealsSkill(text)
          ? { score: 95, reason: 'followed the specialised skill' }
          : { score: 40, reason: 'plain work' },
      ),
  })
  world = makeWorld(llm.url)
  world.write(
    'skill/SKILL.md',
    `---\nname: ${SKILL}\ndescription: ${DESCRIPTION}\n---\n# ${SKILL}\n\n${BODY}\n`,
  )
  const cases = [1, 2, 3].map((i) =>
    JSON.stringify({ id: `c${i}`, prompt: `Write answer ${i} to answer.txt.` }),
  )
  world.write('blind.jsonl', `${cases.join('\n')}\n`)
  world.write(
    'blind.json',
    JSON.stringify({
      name: 'blind',
      skill: { path: './skill' },
      dataset: { path: './blind.jsonl' },
      repeatRounds: 1,
      agent: SERVER_AGENT,
      judge: { model: 'scripted/judge', retries: 1 },
      // Loading the skill costs tokens: the cost gate must not be what stops a pass here.
      policy: { costBudget: 100 },
    }),
  )
})

afterAll(async () => {
  await llm?.close()
  world?.cleanup()
})

describe('blind judging', () => {
  it('a judge that rewards a revealed skill does not make a no-effect skill pass; no judge prompt shows the skill', async () => {
    const res = await runCli(['run', 'blind.json', '--export', 'blind-export.json'], world.env, world.root)
    // Every run scores the same once the judge cannot tell the sides apart: no lift, so capability rejects.
    expect(res.stderr).toContain('decision: REJECT')
    expect(res.code, res.stderr).toBe(1)
    const doc = exportSchema.parse(JSON.parse(readFileSync(`${world.root}/blind-export.json`, 'utf8')))
    expect(doc.decision.capability).toMatchObject({ verdict: 'reject', estimate: 0 })

    // The premise: b really loaded the skill on every run, and every run of both sides was judged.
    const store = openStore(world.dataDir)
    try {
      const task = store.tasks.list().find((t) => t.taskName === 'blind')
      const runs = task ? store.runs.listByTask(task.id) : []
      expect(runs).toHaveLength(6)
      expect(runs.every((r) => r.status === 'scored')).toBe(true)
      expect(runs.filter((r) => r.side === 'b').every((r) => r.skillLoaded)).toBe(true)
      // The stored trajectory keeps everything: only the judge's copy is blinded.
      const b = runs.find((r) => r.side === 'b')
      const stored = JSON.stringify(b ? store.trajectories.get(b.id)?.events : null)
      expect(stored).toContain('skill_content')
      // The stored judge input is the blinded prompt.
      const inputs = runs.flatMap((r) => store.evalResults.listByRun(r.id).map((e) => e.judgeInput ?? ''))
      expect(inputs).toHaveLength(6)
      for (const input of inputs) expect(revealsSkill(input), input).toBe(false)
    } finally {
      store.close()
    }

    const judged = llm.requests.filter((r) => r.kind === 'judge')
    expect(judged.length).toBeGreaterThanOrEqual(6)
    for (const r of judged) {
      const text = allText(toChatRequest(r.body))
      expect(revealsSkill(text), text).toBe(false)
      expect(text).not.toContain('tool(skill)')
      expect(text).not.toContain('<available_skills>')
      expect(r.skills).toEqual([])
      expect(r.reply).toMatchObject({ type: 'text', text: expect.stringContaining('"score":40') })
    }
  })
})
