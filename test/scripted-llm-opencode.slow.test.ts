// The scripted LLM driven by the real opencode binary: plain run, skill run, a 500 fault, a judge run.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ScriptedLlm } from './support/scripted-llm'
import {
  DEFAULT_FINAL_TEXT,
  INTERNAL_ERROR_MESSAGE,
  startScriptedLlm,
  writeProviderConfig,
} from './support/scripted-llm'

const BIN = resolve(import.meta.dirname, '..', 'node_modules', 'opencode-linux-x64', 'bin', 'opencode')
const OPENCODE_VERSION = '1.18.33'
const SKILL = 'pirate-speak'

interface Event {
  type: string
  part?: { tool?: string; text?: string; state?: { status: string; input: Record<string, unknown> } }
  error?: { name: string; data: { message: string; statusCode?: number } }
}
interface RunResult {
  rc: number | null
  ms: number
  events: Event[]
  workDir: string
}

let root = ''
let llm: ScriptedLlm
let configFile = ''
let skillsDir = ''

/** A private HOME/XDG/TMPDIR, a seeded config dir (no npm install) and a git work dir (docs/opencode.md). */
function isolatedEnv(
  tag: string,
  extra: Record<string, string>,
): { env: NodeJS.ProcessEnv; workDir: string } {
  const r = join(root, tag)
  const d = (p: string) => {
    mkdirSync(join(r, p), { recursive: true })
    return join(r, p)
  }
  const cfgDir = d('config/opencode')
  mkdirSync(join(cfgDir, 'node_modules'))
  const deps = { '@opencode-ai/plugin': OPENCODE_VERSION }
  writeFileSync(join(cfgDir, 'package.json'), JSON.stringify({ dependencies: deps }))
  const lock = {
    name: 'opencode',
    lockfileVersion: 3,
    requires: true,
    packages: { '': { dependencies: deps } },
  }
  writeFileSync(join(cfgDir, 'package-lock.json'), JSON.stringify(lock))
  const workDir = d('work')
  spawnSync('git', ['init', '-q'], { cwd: workDir })
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: d('home'),
    XDG_CONFIG_HOME: join(r, 'config'),
    XDG_DATA_HOME: d('data'),
    XDG_CACHE_HOME: d('cache'),
    XDG_STATE_HOME: d('state'),
    TMPDIR: d('tmp'),
    OPENCODE_CONFIG: configFile,
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_SHARE: '1',
    OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
    OPENCODE_DISABLE_EXTERNAL_SKILLS: '1',
    SCRIPTED_RUN: tag,
    ...extra,
  }
  return { env, workDir }
}

/** `opencode run --format json --title t`, the prompt on stdin; resolves with rc, wall time and events. */
function runOpencode(tag: string, prompt: string, args: string[], extraEnv: Record<string, string> = {}) {
  const { env, workDir } = isolatedEnv(tag, extraEnv)
  const t0 = performance.now()
  const child = spawn(BIN, ['run', '--format', 'json', '--title', 't', ...args], { cwd: workDir, env })
  let out = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.resume()
  child.stdin.end(prompt)
  const killer = setTimeout(() => child.kill('SIGKILL'), 120_000)
  return new Promise<RunResult>((done, fail) => {
    child.on('error', fail)
    child.on('close', (rc) => {
      clearTimeout(killer)
      const events = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Event)
      done({ rc, ms: Math.round(performance.now() - t0), events, workDir })
    })
  })
}

const requestsOf = (tag: string) => llm.requests.filter((r) => r.runTag === tag)
const texts = (r: RunResult) => r.events.filter((e) => e.type === 'text').map((e) => e.part?.text)
const tools = (r: RunResult) => r.events.filter((e) => e.type === 'tool_use').map((e) => e.part)

describe.skipIf(!existsSync(BIN))('with the real opencode binary', () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'scripted-llm-oc-'))
    llm = await startScriptedLlm({ skillName: SKILL })
    configFile = writeProviderConfig(join(root, 'provider.json'), {
      baseURL: llm.url,
      headerTimeoutMs: 10_000,
      chunkTimeoutMs: 10_000,
      runTagEnv: 'SCRIPTED_RUN',
    })
    skillsDir = join(root, 'skills')
    mkdirSync(join(skillsDir, SKILL), { recursive: true })
    const front = `---\nname: ${SKILL}\ndescription: Use when the user asks for pirate talk.\n---\n`
    writeFileSync(join(skillsDir, SKILL, 'SKILL.md'), `${front}# Pirate speak\nSay arr.\n`)
  })
  afterAll(async () => {
    await llm?.close()
    if (root) rmSync(root, { recursive: true, force: true })
  })

  it('without the skill: writes answer.txt in the work dir and ends with the final text', async ({
    annotate,
  }) => {
    const r = await runOpencode('plain', 'Write the answer file.', ['--model', 'scripted/agent'])
    await annotate(`normal run wall time: ${r.ms} ms`)
    expect(r.rc).toBe(0)
    expect(tools(r)).toMatchObject([{ tool: 'write', state: { status: 'completed' } }])
    expect(readFileSync(join(r.workDir, 'answer.txt'), 'utf8')).toBe('scripted answer\n')
    expect(texts(r).at(-1)).toBe(DEFAULT_FINAL_TEXT)
    expect(requestsOf('plain').map((q) => [q.kind, q.stepIndex, q.skillListed])).toEqual([
      ['agent', 0, false],
      ['agent', 1, false],
    ])
  })

  it('with the skill via skills.paths: the skill tool call completes, then the write', async ({
    annotate,
  }) => {
    const content = JSON.stringify({ skills: { paths: [skillsDir] } })
    const r = await runOpencode('skill', 'Write the answer file.', ['--model', 'scripted/agent'], {
      OPENCODE_CONFIG_CONTENT: content,
    })
    await annotate(`skill run wall time: ${r.ms} ms`)
    expect(r.rc).toBe(0)
    expect(tools(r)).toMatchObject([
      { tool: 'skill', state: { status: 'completed', input: { name: SKILL } } },
      { tool: 'write', state: { status: 'completed' } },
    ])
    expect(existsSync(join(r.workDir, 'answer.txt'))).toBe(true)
    expect(requestsOf('skill').map((q) => q.skillListed)).toEqual([true, true, true])
  })

  it('[[fault:500]]: six fast attempts (retry-after-ms honoured), then an error event and rc 1', async ({
    annotate,
  }) => {
    const r = await runOpencode('fault', 'Write it [[fault:500]]', ['--model', 'scripted/agent'])
    const reqs = requestsOf('fault')
    const spread = (reqs.at(-1)?.time ?? 0) - (reqs[0]?.time ?? 0)
    await annotate(`500-fault run wall time: ${r.ms} ms; first to last attempt: ${spread} ms`)
    expect(r.rc).toBe(1)
    expect(r.events.at(-1)).toMatchObject({
      type: 'error',
      error: { name: 'APIError', data: { message: INTERNAL_ERROR_MESSAGE, statusCode: 500 } },
    })
    expect(reqs.map((q) => q.fault)).toEqual(['500', '500', '500', '500', '500', '500'])
    expect(spread).toBeLessThan(3_000)
    expect(r.ms).toBeLessThan(40_000)
  })

  it('a judge agent with every tool denied gets no tools and the judge reply', async ({ annotate }) => {
    const judge = {
      description: 'Scores a trajectory; no tools',
      mode: 'primary',
      model: 'scripted/judge',
      prompt:
        'You are a strict evaluator. Reply with ONLY a JSON object {"score": <0-100>, "reason": "..."}.',
      permission: { '*': 'deny' },
    }
    const prompt = 'Judge this trajectory.\nAgent prompt: do it [[fault:500]]\nMarker: [[judge-score:87]]'
    const r = await runOpencode('judge', prompt, ['--agent', 'judge', '--model', 'scripted/judge'], {
      OPENCODE_CONFIG_CONTENT: JSON.stringify({ agent: { judge } }),
    })
    await annotate(`judge run wall time: ${r.ms} ms`)
    expect(r.rc).toBe(0)
    expect(JSON.parse(texts(r).at(-1) ?? '')).toEqual({ score: 87, reason: 'scripted judge' })
    expect(requestsOf('judge')).toMatchObject([{ kind: 'judge', model: 'judge', tools: [], fault: null }])
    expect(requestsOf('judge')[0]?.body).not.toHaveProperty('tools')
  })
})
