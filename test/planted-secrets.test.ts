// Secrets are kept out by value, whatever their variable is called: an agent that prints its environment and
// its opencode config (keeping a copy in its work dir) and answers with what it saw leaves none of the values
// the user gave it in the database, the data dir, the (full) export, the markdown, the CLI's output, the judge's
// prompts or what serve mode's WebSocket sends.
// Real opencode (server driver) as agent and judge, the scripted LLM as both models.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import type { ExportDocument } from '../src-shared/export'
import type { WsServerMessage } from '../src-shared/ws-protocol'
import { expectDecided } from './support/expect-decided'
import { CLI, makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { providerConfig, startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'
import { runsOf, SERVER_AGENT } from './support/server-task'

const TASK = 'planted secrets'
/** Each value the user gives the agent, under a name that does not look secret. */
const PLANTED = {
  /** Referenced by the config as the provider's apiKey through {env:MYCORP_LLM_AUTH}. */
  envRef: 'mycorp-auth-4b1d8e2f9a77',
  /** Referenced by the config in a header through {env:ACME_ORG_CONTEXT}. */
  headerRef: 'acme-ctx-c0ffee5eed',
  /** A literal `Authorization: Bearer …` header of the config. */
  literal: 'lit-bearer-31415926535',
  /** A provider variable opencode reads (taken from the environment by its OPENAI_ prefix). */
  provider: 'org-plain-2718281828',
}

let llm: ScriptedLlm
let world: World
let env: NodeJS.ProcessEnv
const judgePrompts: string[] = []

beforeAll(async () => {
  const steps = [
    {
      tool: 'bash',
      args: { command: 'env | tee seen-env.txt; cat "$OPENCODE_CONFIG"', description: 'Show env and config' },
    },
    {
      compute: ({ toolResults }: { toolResults: string[] }) => ({
        text: `Here is everything I was given:\n${toolResults.join('\n')}`,
      }),
    },
  ]
  llm = await startScriptedLlm({
    skillName: 'pirate-speak',
    cases: [{ match: 'show me', withSkill: steps, withoutSkill: steps }],
    judge: (text) => {
      judgePrompts.push(text)
      return '{"score": 70, "reason": "scripted judge"}'
    },
  })
  world = makeWorld(llm.url)
  const config = providerConfig({ baseURL: llm.url }) as { provider: { scripted: { options: object } } }
  config.provider.scripted.options = {
    ...config.provider.scripted.options,
    apiKey: '{env:MYCORP_LLM_AUTH}',
    headers: { Authorization: `Bearer ${PLANTED.literal}`, 'x-org': '{env:ACME_ORG_CONTEXT}' },
  }
  writeFileSync(world.providerConfig, JSON.stringify(config, null, 2))
  env = {
    ...world.env,
    MYCORP_LLM_AUTH: PLANTED.envRef,
    ACME_ORG_CONTEXT: PLANTED.headerRef,
    OPENAI_ORG: PLANTED.provider,
  }
  writeSkill(world, 'skill', 'pirate-speak')
  world.write('cases.jsonl', '{"id": "c1", "prompt": "show me your environment"}\n')
  world.write(
    'task.json',
    JSON.stringify({
      name: TASK,
      skill: { path: './skill', label: 'v1' },
      dataset: { path: './cases.jsonl' },
      repeatRounds: 1,
      agent: SERVER_AGENT,
      judge: { model: 'scripted/judge', retries: 0 },
    }),
  )
})
afterAll(async () => {
  await llm?.close()
  world?.cleanup()
})

/** Every file under `dir` (the database, work dirs with their git objects, snapshots), as bytes. */
function filesUnder(dir: string): { file: string; bytes: Buffer }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .map((file) => ({ file, bytes: readFileSync(file) }))
}

/** Serve mode's answers (and patches) to `calls`, as text, from a `skill-ab serve` on the same data dir. */
async function servedText(
  calls: (ask: (channel: string, payload: unknown) => void) => void,
): Promise<string> {
  const child = spawn(process.execPath, [CLI, 'serve'], { env, cwd: world.root })
  let printed = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    const url = await new Promise<URL>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${printed}`)), 20_000)
      child.stdout.on('data', (c) => {
        printed += String(c)
        const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(printed)
        if (m) resolve(new URL(m[0]))
        if (m) clearTimeout(timer)
      })
    })
    const ws = new WebSocket(`ws://127.0.0.1:${url.port}/ws${url.search}`)
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    const received: string[] = []
    let pending = 0
    const done = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        received.push(String(data))
        const msg = JSON.parse(String(data)) as WsServerMessage
        if (msg.type === 'reply') {
          expect(msg.envelope.ok, String(data).slice(0, 500)).toBe(true)
          if (--pending === 0) resolve()
        }
      }),
    )
    let id = 0
    calls((channel, payload) => {
      pending++
      ws.send(JSON.stringify({ id: ++id, channel, payload }))
    })
    await done
    ws.close()
    return received.join('\n')
  } finally {
    child.kill('SIGINT')
    await exited
  }
}

it('values the user gives the agent never reach the database, data dir, export, markdown, output or serve mode', async () => {
  const run = await runCli(['run', 'task.json', '--export', 'run.json', '--full'], env, world.root)
  expectDecided(run)
  // A full export: each run's output, trajectory and diff as the judge read them, for a reviewer.
  const exported = await runCli(
    ['export', TASK, '--full', '--out', 'x.json', '--markdown', 'x.md'],
    env,
    world.root,
  )
  expect(exported.code, exported.stderr).toBe(0)
  const review = (JSON.parse(readFileSync(join(world.root, 'x.json'), 'utf8')) as ExportDocument).runs.map(
    (r) => r.review,
  )
  // They are there (the answer, the trajectory the judge read), the values redacted: the scan below.
  for (const r of review) {
    expect(r?.finalOutput).toContain('MYCORP_LLM_AUTH=[redacted]')
    expect(r?.trajectory).toContain('assistant: Here is everything I was given:')
  }
  // `run --export --full` writes the same reviews.
  const runExport = readFileSync(join(world.root, 'run.json'), 'utf8')
  expect((JSON.parse(runExport) as ExportDocument).runs.map((r) => r.review)).toEqual(review)
  const runs = runsOf(world, TASK)
  expect(runs.map((r) => r.status)).toEqual(['scored', 'scored'])
  // The agent did see and repeat them: each answer shows where they were, redacted.
  for (const r of runs) {
    expect(r.finalOutput).toContain('MYCORP_LLM_AUTH=[redacted]')
    expect(r.finalOutput).toContain('OPENAI_ORG=[redacted]')
    expect(r.finalOutput).toContain('"Authorization": "[redacted]"')
  }
  const served = await servedText((ask) => {
    const taskId = runs[0]?.taskId
    ask('tasks.list', {})
    ask('tasks.get', { taskId })
    for (const r of runs) ask('runs.detail', { runId: r.id })
  })
  expect(served).toContain('[redacted]')

  const texts: Record<string, string> = {
    'run stdout': run.stdout,
    'run stderr': run.stderr,
    'export stdout/stderr': exported.stdout + exported.stderr,
    'full export JSON': readFileSync(join(world.root, 'x.json'), 'utf8'),
    'run --full export JSON': runExport,
    markdown: readFileSync(join(world.root, 'x.md'), 'utf8'),
    'judge prompts': judgePrompts.join('\n'),
    'serve mode WebSocket': served,
  }
  expect(judgePrompts).toHaveLength(2)
  const files = filesUnder(world.dataDir)
  // The database (its -wal too, while a process holds it open: the last one to close folds it in).
  expect(files.map((f) => f.file)).toContain(join(world.dataDir, 'skill-ab.db'))
  // Soft: a failure lists every place where a value was found.
  for (const [what, value] of Object.entries(PLANTED)) {
    for (const [where, text] of Object.entries(texts))
      expect.soft(text, `${what} in ${where}`).not.toContain(value)
    const leaks = files.filter((f) => f.bytes.includes(value)).map((f) => f.file)
    expect.soft(leaks, `${what} in the data dir`).toEqual([])
  }
})
