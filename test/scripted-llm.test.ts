// The scripted LLM over HTTP: SSE and JSON answers, script selection by request, title and judge replies.
import { afterEach, describe, expect, it } from 'vitest'
import type { ScriptedLlm, ScriptedLlmOptions } from './support/scripted-llm'
import { DEFAULT_FINAL_TEXT, TITLE_TEXT, startScriptedLlm } from './support/scripted-llm'
import type { BodyOptions, ParsedStream } from './support/scripted-llm/test-client'
import { TEST_WORK_DIR as WORK, chatBody, parseSse, postChat } from './support/scripted-llm/test-client'

let llm: ScriptedLlm | null = null
afterEach(async () => {
  await llm?.close()
  llm = null
})
async function start(opts: ScriptedLlmOptions = {}): Promise<ScriptedLlm> {
  llm = await startScriptedLlm(opts)
  return llm
}
const body = chatBody
const post = (l: ScriptedLlm, b: unknown) => postChat(l, b)
async function sse(res: Response): Promise<ParsedStream> {
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  return parseSse(await res.text())
}
/** One streamed answer for a request built from `o`. */
const ask = async (l: ScriptedLlm, o: BodyOptions) => sse(await post(l, body(o)))

describe('agent answers', () => {
  it('without a skill: write answer.txt (absolute in the work dir) as argument fragments, then the final text', async () => {
    const l = await start()
    const s0 = await ask(l, { user: 'do it' })
    expect(s0.tool).toEqual({
      name: 'write',
      args: { filePath: `${WORK}/answer.txt`, content: 'scripted answer\n' },
    })
    expect(s0.finish).toBe('tool_calls')
    expect(s0.chunks.filter((c) => c.choices[0]?.delta.tool_calls).length).toBeGreaterThan(2)
    expect(s0.done).toBe(true)
    const s1 = await ask(l, { user: 'do it', steps: 1 })
    expect([s1.text, s1.finish, s1.tool]).toEqual([DEFAULT_FINAL_TEXT, 'stop', null])
    const s9 = await ask(l, { user: 'do it', steps: 9 })
    expect(s9.text).toBe(DEFAULT_FINAL_TEXT)
    expect(l.requests.map((r) => [r.kind, r.stepIndex, r.skillListed])).toEqual([
      ['agent', 0, false],
      ['agent', 1, false],
      ['agent', 9, false],
    ])
  })

  it('with a skill listed: skill call for it, then write, then text; built-in skills do not count', async () => {
    const l = await start()
    const steps = []
    for (let i = 0; i < 3; i++) steps.push(await ask(l, { user: 'x', steps: i, skills: ['pirate-speak'] }))
    expect(steps.map((s) => s.tool?.name ?? s.text)).toEqual(['skill', 'write', DEFAULT_FINAL_TEXT])
    expect(steps[0]?.tool?.args).toEqual({ name: 'pirate-speak' })
    expect(l.requests.map((r) => r.skills)).toEqual([['pirate-speak'], ['pirate-speak'], ['pirate-speak']])
    expect((await ask(l, { user: 'x' })).tool?.name).toBe('write')
    expect(l.requests.map((r) => r.skillListed)).toEqual([true, true, true, false])
  })

  it('skillName: only that skill selects withSkill', async () => {
    const l = await start({ skillName: 'pirate-speak' })
    expect((await ask(l, { user: 'x', skills: ['other'] })).tool?.name).toBe('write')
    const s = await ask(l, { user: 'x', skills: ['other', 'pirate-speak'] })
    expect(s.tool).toEqual({ name: 'skill', args: { name: 'pirate-speak' } })
    expect(l.requests.map((r) => r.skillListed)).toEqual([false, true])
  })

  it('cases: first match in the first user message wins, else defaultScript; past the end the last text', async () => {
    const l = await start({
      cases: [
        {
          match: 'case-A',
          withSkill: [{ text: 'A with' }],
          withoutSkill: [{ tool: 'bash', args: { command: 'ls' } }],
        },
        { match: 'case', withSkill: [{ text: 'never' }], withoutSkill: [{ text: 'never' }] },
      ],
      defaultScript: {
        withSkill: [{ text: 'D with' }],
        withoutSkill: [{ tool: 'read', args: { filePath: 'a.txt' } }],
      },
    })
    expect((await ask(l, { user: 'run case-A now' })).tool).toEqual({ name: 'bash', args: { command: 'ls' } })
    expect((await ask(l, { user: 'run case-A', skills: ['s'] })).text).toBe('A with')
    expect((await ask(l, { user: 'other' })).tool?.args).toEqual({ filePath: `${WORK}/a.txt` })
    expect((await ask(l, { user: 'other', skills: ['s'] })).text).toBe('D with')
    expect((await ask(l, { user: 'run case-A', steps: 1 })).text).toBe('Done.')
  })

  it('answers JSON when stream is false, with deterministic usage', async () => {
    const l = await start()
    const b = body({ user: 'do it', stream: false })
    const res = await post(l, b)
    expect(res.headers.get('content-type')).toContain('application/json')
    const j = (await res.json()) as {
      choices: { message: { tool_calls: { function: { name: string } }[] } }[]
    }
    expect(j.choices[0]?.message.tool_calls[0]?.function.name).toBe('write')
    const text = (await (await post(l, body({ user: 'do it', steps: 1, stream: false }))).json()) as {
      choices: { message: { content: string }; finish_reason: string }[]
      usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number }
    }
    expect(text.choices[0]).toMatchObject({ message: { content: DEFAULT_FINAL_TEXT }, finish_reason: 'stop' })
    const chars = (body({ user: 'do it', steps: 1 }).messages as { content: string }[]).reduce(
      (n, m) => n + m.content.length + ('tool_calls' in m ? 'write {}'.length + 1 : 0),
      0,
    )
    expect(text.usage).toEqual({
      prompt_tokens: Math.ceil(chars / 4),
      completion_tokens: Math.ceil(DEFAULT_FINAL_TEXT.length / 4) + 5,
      total_tokens: Math.ceil(chars / 4) + Math.ceil(DEFAULT_FINAL_TEXT.length / 4) + 5,
    })
  })

  it('streams a usage chunk with empty choices before [DONE]; GET /v1/models lists the models', async () => {
    const l = await start()
    const s = await ask(l, { user: 'x', steps: 1 })
    expect(s.chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } })
    const models = (await (await fetch(`${l.url}/models`)).json()) as { data: { id: string }[] }
    expect(models.data.map((m) => m.id)).toEqual(['agent', 'judge', 'free'])
  })
})

describe('title and judge requests', () => {
  it('title generator requests get a short title', async () => {
    const l = await start()
    const b = {
      model: 'free',
      stream: true,
      messages: [
        { role: 'system', content: 'You are a title generator. x' },
        { role: 'user', content: 'hi [[fault:500]]' },
      ],
    }
    expect((await sse(await post(l, b))).text).toBe(TITLE_TEXT)
    expect(l.requests[0]).toMatchObject({ kind: 'title', fault: null })
  })

  it('requests without tools are judges: score from the first marker, 50 without; agent faults ignored', async () => {
    const l = await start()
    const judged = await ask(l, {
      user: 'traj [[fault:500]] [[judge-score:87]] [[judge-score:3]]',
      tools: [],
    })
    expect(JSON.parse(judged.text)).toEqual({ score: 87, reason: 'scripted judge' })
    expect(JSON.parse((await ask(l, { user: 'plain', tools: [] })).text)).toEqual({
      score: 50,
      reason: 'scripted judge: no marker',
    })
    expect(l.requests.map((r) => [r.kind, r.fault])).toEqual([
      ['judge', null],
      ['judge', null],
    ])
  })

  it('a request offering only StructuredOutput is a judge answered with that tool (opencode serve format)', async () => {
    const l = await start()
    const s = await ask(l, { user: 'x [[judge-score:77]]', tools: ['StructuredOutput'] })
    expect(s.tool).toEqual({ name: 'StructuredOutput', args: { score: 77, reason: 'scripted judge' } })
    const garbage = await ask(l, { user: 'x [[judge-fault:garbage]]', tools: ['StructuredOutput'] })
    expect([garbage.tool, garbage.finish]).toEqual([null, 'stop'])
    expect(l.requests.map((r) => r.kind)).toEqual(['judge', 'judge'])
  })

  it('opts.judge receives the text of all messages', async () => {
    let seen = ''
    const l = await start({ judge: (t) => ((seen = t), '{"score": 9}') })
    expect((await ask(l, { user: 'the trajectory', tools: [] })).text).toBe('{"score": 9}')
    expect(seen).toContain('You are opencode.')
    expect(seen).toContain('the trajectory')
  })

  it('judge faults hit judges only: 500, and garbage = a 200 text with no JSON and no score', async () => {
    const l = await start()
    const bad = await post(l, body({ user: 'x [[judge-fault:500]]', tools: [] }))
    expect(bad.status).toBe(500)
    const garbage = await ask(l, { user: 'x [[judge-fault:garbage]] [[judge-score:80]]', tools: [] })
    expect(() => JSON.parse(garbage.text) as unknown).toThrow()
    expect(garbage.text).not.toMatch(/\d/)
    expect((await ask(l, { user: 'x [[judge-fault:500]]' })).tool?.name).toBe('write')
    expect(l.requests.map((r) => r.fault)).toEqual(['500', 'judge-garbage', null])
  })
})
