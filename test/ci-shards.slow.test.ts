// CI reports with the real opencode binary and the scripted LLM (README "CI reports"): a task run as
// shards 1/3 … 3/3 in three data folders and merged decides as one run of the whole task (except times);
// shards that do not fit together are refused; the example workflow's `skill-ab` commands
// (resources/examples/ci/skill-ab.yml: a 4-way shard matrix and a merge job) run as written.
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExportDocument } from '../src-shared/export'
import {
  CLI,
  PROJECT_ROOT,
  makeWorld,
  runCli,
  writeSkill,
  type CliResult,
  type World,
} from './support/fixtures'
import { ANSWER_EXISTS, expectDecided } from './support/expect-decided'
import { SERVER_AGENT } from './support/server-task'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let world: World
let whole: { res: CliResult; doc: ExportDocument }

const CASES = ['c1', 'c2', 'c3', 'c4'].map((id) => JSON.stringify({ id, prompt: `Say hello ${id}.` }))

/**
 * The environment of one CI job: its own data folder. Their paths have one length, as on CI runners: the
 * agent's prompt holds its work dir's path, so a longer path costs a few more input tokens.
 */
const jobEnv = (name: string): NodeJS.ProcessEnv => ({ ...world.env, SKILL_AB_HOME: join(world.root, name) })
const readDoc = (file: string): ExportDocument =>
  JSON.parse(readFileSync(join(world.root, file), 'utf8')) as ExportDocument

/** The decision without its times (wall time differs from run to run, and machine to machine). */
function withoutTimes(decision: ExportDocument['decision']): unknown {
  const json = JSON.stringify(decision, (key, value: unknown) => {
    if (key === 'time') return undefined
    if (key === 'reasons') return (value as string[]).filter((r) => !r.startsWith('cost (wall time'))
    return value
  })
  return JSON.parse(json)
}

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: 'pirate-speak' })
  world = makeWorld(llm.url)
  writeSkill(world, 'skills/pirate-speak', 'pirate-speak')
  world.write('skill-ab/cases.jsonl', `${CASES.join('\n')}\n`)
  world.write(
    'skill-ab/task.json',
    JSON.stringify({
      name: 'sharded',
      skill: { path: '../skills/pirate-speak', label: 'v2' },
      dataset: { path: './cases.jsonl' },
      repeatRounds: 1,
      evaluators: ANSWER_EXISTS,
      agent: SERVER_AGENT,
    }),
  )
  const res = await runCli(
    ['run', 'skill-ab/task.json', '--export', 'whole.json'],
    jobEnv('data-0'),
    world.root,
  )
  expectDecided(res)
  whole = { res, doc: readDoc('whole.json') }
})
afterAll(async () => {
  await llm?.close()
  world?.cleanup()
})

describe('sharded runs merged', () => {
  it('shards 1/3 … 3/3 in three data folders, merged, decide as one run of the whole task', async () => {
    const shards = await Promise.all(
      [1, 2, 3].map((i) =>
        runCli(
          ['run', 'skill-ab/task.json', '--shard', `${i}/3`, '--export', `three-${i}.json`],
          jobEnv(`data-${i}`),
          world.root,
        ),
      ),
    )
    for (const s of shards) expect([s.code, s.stderr]).toEqual([0, expect.stringMatching(/shard \d\/3: /)])
    expect([1, 2, 3].map((i) => readDoc(`three-${i}.json`).shard?.cases)).toEqual([
      ['c1', 'c4'],
      ['c2'],
      ['c3'],
    ])

    const merged = await runCli(
      ['merge', 'three-1.json', 'three-2.json', 'three-3.json', '--out', 'merged.json'],
      world.env,
      world.root,
    )
    expect([merged.code, merged.stderr]).toEqual([whole.res.code, expect.stringContaining('merged 3 shards')])
    const doc = readDoc('merged.json')
    expect(doc.decision.verdict).toBe(whole.doc.decision.verdict)
    expect(withoutTimes(doc.decision)).toEqual(withoutTimes(whole.doc.decision))
    expect(doc.cases).toEqual(whole.doc.cases)
    expect(doc.spend?.total.tokens).toEqual(whole.doc.spend?.total.tokens)
  })

  it('a shard refuses adaptive rounds, a cost cap and a slice without cases (exit 2, nothing run)', async () => {
    const task = JSON.parse(readFileSync(join(world.root, 'skill-ab/task.json'), 'utf8')) as Record<
      string,
      unknown
    >
    const { repeatRounds: _rounds, ...fixed } = task
    world.write('skill-ab/adaptive.json', JSON.stringify({ ...fixed, adaptiveRounds: { min: 1, max: 3 } }))
    const refused = async (config: string, ...flags: string[]): Promise<[number, string]> => {
      const res = await runCli(['run', config, '--export', 'x.json', ...flags], jobEnv('data-x'), world.root)
      return [res.code, res.stderr]
    }
    expect(await refused('skill-ab/adaptive.json', '--shard', '1/2')).toEqual([
      2,
      expect.stringContaining('--shard cannot run adaptive rounds'),
    ])
    expect(await refused('skill-ab/task.json', '--shard', '1/2', '--max-cost', '5')).toEqual([
      2,
      expect.stringContaining('--shard cannot keep a cost cap'),
    ])
    expect(await refused('skill-ab/task.json', '--shard', '5/5')).toEqual([
      2,
      expect.stringContaining('the task has only 4 cases, so this shard has none'),
    ])
    for (const bad of ['3/2', '0/3', '1/0', 'abc'])
      expect(await refused('skill-ab/task.json', '--shard', bad)).toEqual([
        2,
        `skill-ab run: --shard takes i/n with 1 ≤ i ≤ n (e.g. 2/4), not "${bad}"\n`,
      ])
    expect(existsSync(join(world.root, 'x.json'))).toBe(false)
  })

  it('refuses a shard given twice or one that is not of the task, naming the files', async () => {
    const twice = await runCli(
      ['merge', 'three-1.json', 'three-1.json', 'three-2.json'],
      world.env,
      world.root,
    )
    expect([twice.code, twice.stderr]).toEqual([
      2,
      expect.stringContaining('three-1.json and three-1.json are both shard 1/3: give each shard once'),
    ])
    const noShard = await runCli(['merge', 'whole.json', 'three-1.json'], world.env, world.root)
    expect([noShard.code, noShard.stderr]).toEqual([
      2,
      expect.stringContaining('whole.json is not the export of a shard'),
    ])
  })

  it("the example workflow's commands run: a 4-way shard matrix and the merge job gate on the verdict", async () => {
    const workflow = readFileSync(join(PROJECT_ROOT, 'resources/examples/ci/skill-ab.yml'), 'utf8')
    const matrix = /shard: \[([\d, ]+)\]/.exec(workflow)?.[1]?.split(',').map(Number) ?? []
    expect(matrix).toEqual([1, 2, 3, 4])
    const [shardJob = '', mergeJob = ''] = workflow.split(/^ {2}merge:$/m)
    const commands = (job: string): string[] =>
      [...job.matchAll(/^\s+(?:- )?run: (npx skill-ab .*)$/gm)].map((m) =>
        (m[1] ?? '').replace('npx skill-ab', `"${process.execPath}" "${CLI}"`),
      )
    expect(commands(shardJob)).toHaveLength(1)
    expect(commands(mergeJob)).toHaveLength(1)

    const bash = (command: string, env: NodeJS.ProcessEnv): Promise<CliResult> =>
      new Promise((done) => {
        execFile('bash', ['-c', command], { env, cwd: world.root }, (err, stdout, stderr) =>
          done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
        )
      })
    const jobs = await Promise.all(
      matrix.map((i) =>
        bash(
          commands(shardJob).join('\n').replaceAll('${{ matrix.shard }}', String(i)),
          jobEnv(`data-${i + 3}`),
        ),
      ),
    )
    for (const job of jobs)
      expect([job.code, job.stderr]).toEqual([0, expect.stringMatching(/shard \d\/4: /)])

    const merge = await bash(commands(mergeJob).join('\n'), jobEnv('data-m'))
    expect([merge.code, merge.stderr]).toEqual([whole.res.code, expect.stringContaining('merged 4 shards')])
    expect(withoutTimes(readDoc('result.json').decision)).toEqual(withoutTimes(whole.doc.decision))
    expect(readFileSync(join(world.root, 'result.xml'), 'utf8')).toContain('name="verdict"')
    expect(readFileSync(join(world.root, 'result.md'), 'utf8')).toMatch(/sharded/)
    expect(JSON.parse(readFileSync(join(world.root, 'benchmark.json'), 'utf8'))).toMatchObject({
      metadata: { skill_name: 'pirate-speak', evals_run: [1, 2, 3, 4] },
    })
    // A 4-way shard and 3-way shards are not one task's.
    const mixed = await runCli(
      ['merge', 'three-1.json', 'three-2.json', 'three-3.json', 'shard-4.json'],
      world.env,
      world.root,
    )
    expect([mixed.code, mixed.stderr]).toEqual([
      2,
      expect.stringContaining('the shard count n differs (3 vs 4)'),
    ])
    expect(existsSync(join(world.root, 'data-m'))).toBe(false)
  })
})
