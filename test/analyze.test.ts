// Case analysis end to end through the CLI with the real opencode binary and the scripted LLM: sessions a
// real opencode run left in its data dir are imported and judged, then imported again (dedupe by trace);
// a skill analysed on a dataset runs side b only and stays out of the A/B task list.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedConfigDir } from '../src-main/agent/isolation/private-dirs'
import { openStore } from '../src-main/db'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

const BIN = resolve(import.meta.dirname, '..', 'node_modules', 'opencode-linux-x64', 'bin', 'opencode')

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: 'pirate-speak',
    cases: [
      {
        match: 'alpha:',
        withSkill: [{ tool: 'skill', args: { name: 'pirate-speak' } }, { text: 'Arr. [[judge-score:90]]' }],
        withoutSkill: [{ text: 'Done. [[judge-score:80]]' }],
      },
      {
        match: 'beta:',
        withSkill: [{ text: 'Arr. [[judge-score:90]]' }],
        withoutSkill: [{ text: 'Done. [[judge-score:30]]' }],
      },
    ],
  })
  world = makeWorld(llm.url)
})
afterAll(async () => {
  await llm.close()
  world.cleanup()
})

/** A user's own opencode: one `opencode run` in its own git project, its sessions kept in `<root>/oc/data`. */
function userOpencodeRun(project: string, prompt: string): Promise<number | null> {
  const r = join(world.root, 'oc')
  const dir = (p: string): string => (mkdirSync(join(r, p), { recursive: true }), join(r, p))
  seedConfigDir(join(r, 'config', 'opencode'), '1.18.33')
  const work = dir(`projects/${project}`)
  spawnSync('git', ['init', '-q'], { cwd: work })
  spawnSync(
    'git',
    ['-c', 'user.name=u', '-c', 'user.email=u@x', 'commit', '-q', '--allow-empty', '-m', project],
    { cwd: work },
  )
  const env = {
    PATH: process.env.PATH,
    HOME: dir('home'),
    XDG_CONFIG_HOME: join(r, 'config'),
    XDG_DATA_HOME: dir('data'),
    XDG_CACHE_HOME: dir('cache'),
    XDG_STATE_HOME: dir('state'),
    TMPDIR: dir('tmp'),
    OPENCODE_CONFIG: world.providerConfig,
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_SHARE: '1',
    OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
  }
  const child = spawn(BIN, ['run', '--format', 'json', '--title', project, '--model', 'scripted/agent'], {
    cwd: work,
    env,
  })
  child.stdout.resume()
  child.stderr.resume()
  child.stdin.end(prompt)
  return new Promise((done) => child.on('close', done))
}

function caseAnalyses() {
  const store = openStore(world.dataDir)
  try {
    return store.tasks.listKind('case').map((task) => ({
      task,
      runs: store.runs
        .listByTask(task.id)
        .map((r) => ({ ...r, history: store.runs.history(r.id).map((h) => h.to) })),
    }))
  } finally {
    store.close()
  }
}

const judgeCalls = (): number => llm.requests.filter((r) => r.kind === 'judge').length

describe('skill-ab analyze', () => {
  it('invariant 3: imports real opencode sessions and judges them; a second import of the same traces makes no judge call and fills every run back, none failed', async () => {
    // Two projects: `opencode session list` would only show one of them from either directory. One after
    // the other: two opencode processes creating a fresh database at once may collide.
    expect(await userOpencodeRun('alpha', 'alpha: say hello')).toBe(0)
    expect(await userOpencodeRun('beta', 'beta: say bye')).toBe(0)
    const dataDir = join(world.root, 'oc', 'data', 'opencode')
    const args = ['analyze', '--import', dataDir, '--judge-model', 'scripted/judge', '--json']

    const first = await runCli(args, world.env, world.root)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stderr).toContain('2 sessions imported, 2 runs to judge')
    const one = JSON.parse(first.stdout) as { cases: { score: number }[]; mean: number; batchId: string }
    expect(one.cases.map((c) => c.score).sort()).toEqual([30, 80])
    expect(one.mean).toBe(55)
    expect(judgeCalls()).toBe(2)

    const second = await runCli([...args.slice(0, -1)], world.env, world.root)
    expect(second.code, second.stderr).toBe(0)
    expect(judgeCalls()).toBe(2)
    expect(second.stdout).toMatch(/mean\s+55\.0\s+over 2 of 2 cases/)
    const [b, a] = caseAnalyses()
    expect(a?.task.evaluationBatchId).toBe(one.batchId)
    expect(b?.task.evaluationBatchId).not.toBe(one.batchId)
    expect(b?.runs.map((r) => [r.side, r.status, r.score]).sort()).toEqual([
      ['b', 'scored', 30],
      ['b', 'scored', 80],
    ])
    expect(b?.runs.map((r) => r.sessionId).sort()).toEqual(a?.runs.map((r) => r.sessionId).sort())
    for (const r of b?.runs ?? []) expect(r.history).not.toContain('failed')

    const batches = await runCli(['batches', '--case-analysis', '--json'], world.env, world.root)
    expect((JSON.parse(batches.stdout) as { source: string }[]).map((x) => x.source)).toEqual([
      'case-analysis',
      'case-analysis',
    ])
  })

  it('analyses one skill on a dataset: side b only, scored, listed as a case analysis and not as an A/B task', async () => {
    writeSkill(world, 'skill', 'pirate-speak')
    world.write('cases.jsonl', '{"id":"c1","prompt":"alpha: hello"}\n')
    const base = {
      name: 'pirate on cases',
      skill: { path: './skill', label: 'v1' },
      dataset: { path: './cases.jsonl' },
    }
    const agent = { model: 'scripted/agent', timeoutSec: 60, concurrency: 1 }
    world.write('bad.json', JSON.stringify({ ...base, agent, baseline: { kind: 'none' } }))
    const bad = await runCli(['analyze', 'bad.json'], world.env, world.root)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/baseline.*use `skill-ab run` to compare/)

    world.write('analysis.json', JSON.stringify({ ...base, agent, judge: { model: 'scripted/judge' } }))
    const res = await runCli(['analyze', 'analysis.json'], world.env, world.root)
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout).toMatch(/c1\s+90\.0\s+\(1\/1 scored\)/)
    const analysis = caseAnalyses().find((x) => x.task.taskName === 'pirate on cases')
    expect(analysis?.runs.map((r) => [r.side, r.status, r.skillLoaded])).toEqual([['b', 'scored', true]])
    const list = await runCli(['list', '--json'], world.env, world.root)
    expect(JSON.parse(list.stdout)).toEqual([])
  })
})
