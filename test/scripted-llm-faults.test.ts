// The scripted LLM's faults, delays, request log and shutdown, over HTTP.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ScriptedLlm, ScriptedLlmOptions } from './support/scripted-llm'
import {
  GARBAGE_BODY,
  INTERNAL_ERROR_MESSAGE,
  RATE_LIMIT_MESSAGE,
  providerConfig,
  startScriptedLlm,
  writeProviderConfig,
} from './support/scripted-llm'
import { chatBody, parseSse, postChat } from './support/scripted-llm/test-client'

let llm: ScriptedLlm | null = null
afterEach(async () => {
  await llm?.close()
  llm = null
})
async function start(opts: ScriptedLlmOptions = {}): Promise<ScriptedLlm> {
  llm = await startScriptedLlm(opts)
  return llm
}
const ask = (l: ScriptedLlm, user: string, headers: Record<string, string> = {}) =>
  postChat(l, chatBody({ user }), { headers })
const timeout = (ms: number) => new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))
async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now()
  const v = await f()
  return [v, performance.now() - t0]
}

describe('faults from markers in the first user message', () => {
  it('500 and 429 carry retry-after-ms: 1 and an OpenAI error body', async () => {
    const l = await start()
    const r500 = await ask(l, 'x [[fault:500]]')
    expect(r500.status).toBe(500)
    expect(r500.headers.get('retry-after-ms')).toBe('1')
    expect(await r500.json()).toMatchObject({ error: { message: INTERNAL_ERROR_MESSAGE } })
    const r429 = await ask(l, 'x [[fault:429]]')
    expect(r429.status).toBe(429)
    expect(r429.headers.get('retry-after-ms')).toBe('1')
    expect(await r429.json()).toMatchObject({ error: { message: RATE_LIMIT_MESSAGE } })
    expect(l.requests.map((r) => [r.fault, r.reply])).toEqual([
      ['500', { type: 'fault', fault: '500' }],
      ['429', { type: 'fault', fault: '429' }],
    ])
  })

  it('404 is model_not_found without retry headers', async () => {
    const l = await start()
    const res = await ask(l, 'x [[fault:404]]')
    expect(res.status).toBe(404)
    expect(res.headers.get('retry-after-ms')).toBeNull()
    expect(await res.json()).toMatchObject({ error: { code: 'model_not_found' } })
  })

  it('garbage is a 200 event stream that an SSE client cannot parse', async () => {
    const l = await start()
    const res = await ask(l, 'x [[fault:garbage]]')
    expect(res.status).toBe(200)
    const raw = await res.text()
    expect(raw).toBe(GARBAGE_BODY)
    expect(() => parseSse(raw)).toThrow()
  })

  it('stall sends headers and one chunk, then nothing; close() ends it', async () => {
    const l = await start()
    const res = await ask(l, 'x [[fault:stall]]')
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toMatch(/^data: \{.*"content":"Working on"/)
    expect(await Promise.race([reader.read(), timeout(300)])).toBe('timeout')
    const [, ms] = await timed(() => l.close())
    expect(ms).toBeLessThan(1000)
    await expect(reader.read()).rejects.toThrow()
  })

  it('hang never sends headers; close() ends it without waiting', async () => {
    const l = await start()
    const pending = ask(l, 'x [[fault:hang]]')
    pending.catch(() => undefined)
    expect(await Promise.race([pending, timeout(300)])).toBe('timeout')
    expect(l.requests[0]?.fault).toBe('hang')
    const [, ms] = await timed(() => l.close())
    expect(ms).toBeLessThan(1000)
    await expect(pending).rejects.toThrow()
  })

  it('a { fault } script step fails only the variant whose script has it, at every attempt', async () => {
    const l = await start({
      skillName: 'pirate',
      defaultScript: { withSkill: [{ fault: '500' }], withoutSkill: [{ text: 'fine' }] },
    })
    const withSkill = chatBody({ user: 'x', skills: ['pirate'] })
    expect((await postChat(l, withSkill)).status).toBe(500)
    expect((await postChat(l, withSkill)).status).toBe(500)
    expect((await postChat(l, chatBody({ user: 'x' }))).status).toBe(200)
    expect(l.requests.map((r) => [r.skillListed, r.fault])).toEqual([
      [true, '500'],
      [true, '500'],
      [false, null],
    ])
  })

  it('agent markers outside the first user message and judge markers do not fault agents', async () => {
    const l = await start()
    const b = chatBody({ user: 'x [[judge-fault:500]]', steps: 1 })
    b.messages.push({ role: 'user', content: 'later [[fault:500]]' })
    expect((await postChat(l, b)).status).toBe(200)
    expect(l.requests[0]?.fault).toBeNull()
  })
})

describe('server-wide faults and delays', () => {
  it('setFault applies to the next `times` requests, or until cleared', async () => {
    const l = await start()
    l.setFault('500', { times: 2 })
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await ask(l, 'x')).status)
    expect(statuses).toEqual([500, 500, 200])
    l.setFault('404')
    expect([(await ask(l, 'x')).status, (await ask(l, 'x')).status]).toEqual([404, 404])
    l.setFault(null)
    expect((await ask(l, 'x')).status).toBe(200)
  })

  it('delayMs, setDelay and [[delay:MS]] hold the answer back; no delay is fast', async () => {
    const l = await start({ delayMs: 150 })
    const [, slow] = await timed(async () => (await ask(l, 'x')).text())
    expect(slow).toBeGreaterThanOrEqual(140)
    l.setDelay(0)
    const [, fast] = await timed(async () => (await ask(l, 'x')).text())
    expect(fast).toBeLessThan(100)
    const [, marked] = await timed(async () => (await ask(l, 'x [[delay:200]]')).text())
    expect(marked).toBeGreaterThanOrEqual(190)
    expect(l.requests.map((r) => r.delayMs)).toEqual([150, 0, 200])
  })

  it('close() cancels delayed answers', async () => {
    const l = await start({ delayMs: 60_000 })
    const pending = ask(l, 'x')
    pending.catch(() => undefined)
    await timeout(100)
    const [, ms] = await timed(() => l.close())
    expect(ms).toBeLessThan(1000)
    await expect(pending).rejects.toThrow()
  })
})

describe('request log and provider config', () => {
  it('logs time, path, model, kind, step, fault and the x-run tag', async () => {
    const l = await start()
    const before = Date.now()
    await (await ask(l, 'x', { 'x-run': 'case1-b-r2' })).text()
    await (await postChat(l, chatBody({ user: 'y', steps: 2, model: 'judge', tools: [] }))).text()
    await (await fetch(`${l.url}/nope`)).text()
    expect(l.requests).toHaveLength(3)
    expect(l.requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      model: 'agent',
      kind: 'agent',
      runTag: 'case1-b-r2',
    })
    expect(l.requests[0]?.time).toBeGreaterThanOrEqual(before)
    expect(l.requests[1]).toMatchObject({
      model: 'judge',
      kind: 'judge',
      stepIndex: 2,
      runTag: null,
      tools: [],
    })
    expect(l.requests[2]).toMatchObject({
      method: 'GET',
      path: '/v1/nope',
      kind: 'other',
      reply: { type: 'not-found' },
    })
  })

  it('providerConfig defines scripted/agent, judge (priced) and free; writeProviderConfig writes it', () => {
    const cfg = providerConfig({
      baseURL: 'http://127.0.0.1:1/v1',
      headerTimeoutMs: 2000,
      runTagEnv: 'RUN',
    }) as {
      small_model: string
      provider: { scripted: { options: Record<string, unknown>; models: Record<string, { cost?: unknown }> } }
    }
    const p = cfg.provider.scripted
    expect(p.options).toMatchObject({
      baseURL: 'http://127.0.0.1:1/v1',
      headerTimeout: 2000,
      headers: { 'x-run': '{env:RUN}' },
    })
    expect(Object.keys(p.models)).toEqual(['agent', 'judge', 'free'])
    expect(p.models.agent?.cost).toEqual({ input: 3, output: 15 })
    expect(p.models.free?.cost).toBeUndefined()
    expect(cfg.small_model).toBe('scripted/free')
    const dir = mkdtempSync(join(tmpdir(), 'scripted-cfg-'))
    const file = join(dir, 'sub', 'opencode.json')
    expect(writeProviderConfig(file, { baseURL: 'http://x/v1' })).toBe(file)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(providerConfig({ baseURL: 'http://x/v1' }))
    rmSync(dir, { recursive: true })
  })
})
