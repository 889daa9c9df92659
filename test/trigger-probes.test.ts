// Trigger probes with real opencode and the scripted LLM (docs/triggers.md): the agent's choice among the skill
// under test and a competing skill, stopped at the first skill call or after maxSteps turns, never later.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runProbe } from '../src-main/agent/triggers/probe-run'
import {
  openProbeSide,
  type OpenedProbeSide,
  type ProbeSideSpec,
} from '../src-main/agent/triggers/probe-side'
import { PROBE_SCRIPT } from './support/probe-agent'
import { startScriptedLlm, writeProviderConfig, type ScriptedLlm } from './support/scripted-llm'

const SKILL = 'pdf-tools'
const MAX_STEPS = 3

let llm: ScriptedLlm
let root: string
const sides: OpenedProbeSide[] = []

function writeSkill(dir: string, name: string, description: string): void {
  mkdirSync(join(dir, name), { recursive: true })
  writeFileSync(
    join(dir, name, 'SKILL.md'),
    `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`,
  )
}

async function probeSide(version: 'a' | 'b', description: string): Promise<OpenedProbeSide> {
  const skillsDir = join(root, `skills-${version}`)
  writeSkill(skillsDir, SKILL, description)
  writeSkill(skillsDir, 'doc-tools', 'Use for Word documents (docx): edit, convert, review.')
  const spec: ProbeSideSpec = {
    version,
    skillsDir,
    skillName: SKILL,
    competing: ['doc-tools'],
    model: 'scripted/agent',
    opencodeConfigPath: join(root, 'provider.json'),
    runRoot: join(root, 'tmp'),
    workRoot: join(root, `work-${version}`),
    timeoutSec: 60,
    idleTimeoutSec: 30,
    maxSteps: MAX_STEPS,
    sealed: { files: [join(root, 'set.jsonl')], folders: [] },
  }
  const side = await openProbeSide(spec)
  sides.push(side)
  return side
}

/** The scripted LLM's requests for one query (its text is the session's first user message). */
const requestsOf = (query: string) =>
  llm.requests.filter(
    (r) => r.kind === 'agent' && JSON.stringify(r.body).includes(JSON.stringify(query).slice(1, -1)),
  )

beforeAll(async () => {
  llm = await startScriptedLlm({ defaultScript: PROBE_SCRIPT })
  root = mkdtempSync(join(tmpdir(), 'skill-ab-probes-'))
  writeProviderConfig(join(root, 'provider.json'), { baseURL: llm.url })
  writeFileSync(join(root, 'set.jsonl'), '{"query": "SET-LABELS", "shouldTrigger": true}\n')
  mkdirSync(join(root, 'tmp'))
})

afterAll(async () => {
  await Promise.all(sides.map((s) => s.close()))
  await llm?.close()
  rmSync(root, { recursive: true, force: true })
})

describe('trigger probes', () => {
  let matching: OpenedProbeSide
  const probe = (side: OpenedProbeSide, query: string) => {
    if (!side.server) throw new Error(`no probe server: ${side.proof.message}`)
    return runProbe(side.server, { query, title: 'probe' }, new AbortController().signal)
  }

  beforeAll(async () => {
    matching = await probeSide('b', 'Use when merging, splitting or filling PDF files.')
  })

  it('a probe server proves it sees exactly the skill under test and the competing skills', () => {
    expect(matching.proof).toMatchObject({ ok: true })
    expect(matching.proof.message).toBe('the probes see exactly pdf-tools and 1 competing skill')
    expect(matching.proof.visible.map((s) => s.name).sort()).toEqual(['doc-tools', SKILL])
  })

  it('a matching description is loaded, and nothing is asked of the model after the skill call', async () => {
    const query = '[[topic:pdf]] merge a.pdf and b.pdf'
    const out = await probe(matching, query)
    expect(out).toMatchObject({ kind: 'decided', choice: 'this', skill: SKILL, step: 1 })
    expect(out.tokens.input).toBeGreaterThan(0)
    const asked = requestsOf(query)
    expect(asked).toHaveLength(1)
    expect(asked[0]?.reply).toEqual({ type: 'tool', tool: 'skill', args: { name: SKILL } })
  })

  it('an agent that looks around first and then loads the skill counts as a trigger, at its second turn', async () => {
    const query = '[[topic:pdf]] [[look-first]] fill in the form'
    const out = await probe(matching, query)
    expect(out).toMatchObject({ kind: 'decided', choice: 'this', step: 2 })
    expect(requestsOf(query).map((r) => r.reply)).toEqual([
      expect.objectContaining({ tool: 'glob' }),
      expect.objectContaining({ tool: 'skill' }),
    ])
  })

  it('a competing skill that wins is another skill, not a trigger', async () => {
    const out = await probe(matching, '[[topic:docx]] convert report.docx to markdown')
    expect(out).toMatchObject({ kind: 'decided', choice: 'other', skill: 'doc-tools', step: 1 })
  })

  it('an answer without a skill call is "none"', async () => {
    const out = await probe(matching, "[[topic:weather]] what's the weather tomorrow?")
    expect(out).toMatchObject({ kind: 'decided', choice: 'none', skill: null, step: null, steps: 1 })
  })

  it('an agent that never settles is stopped after maxSteps turns, asking the model no more', async () => {
    const query = '[[wander]] look at everything'
    const out = await probe(matching, query)
    expect(out).toMatchObject({ kind: 'decided', choice: 'none', steps: MAX_STEPS })
    // The last allowed turn tells the model to answer in text (opencode's agent `steps`).
    expect(requestsOf(query).map((r) => r.reply.type)).toEqual(['tool', 'tool', 'text'])
  })

  it('a probe cannot read the trigger set (outside its work dir, and sealed like an answer key)', async () => {
    const query = `[[read:${join(root, 'set.jsonl')}]] what should I do?`
    const out = await probe(matching, query)
    expect(out).toMatchObject({ kind: 'decided', choice: 'none' })
    const asked = requestsOf(query)
    expect(asked.map((r) => r.reply)).toEqual([
      expect.objectContaining({ tool: 'read' }),
      expect.objectContaining({ type: 'text' }),
    ])
    const seen = JSON.stringify(asked[1]?.body)
    expect(seen).not.toContain('SET-LABELS')
    expect(seen).toMatch(/prevents you from using this specific tool call/)
  })

  it('a vague description is not loaded for the same query', async () => {
    const vague = await probeSide('a', 'Helps with files.')
    const query = '[[topic:pdf]] split big.pdf into pages'
    expect(await probe(vague, query)).toMatchObject({ kind: 'decided', choice: 'none' })
    expect(await probe(matching, query)).toMatchObject({ kind: 'decided', choice: 'this' })
  })
})
