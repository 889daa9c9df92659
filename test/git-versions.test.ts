// `skill-ab run` on two git versions of one skill (README "Skill versions from git"), end to end with the
// real opencode binary and the scripted LLM: each side runs its commit's files, labelled by short sha, and
// the user's working copy (uncommitted edits, untracked files, the index) is left exactly as it was, and a
// crashed process's git temp folder is swept.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../src-main/db'
import { processStartTime } from '../src-main/os-processes/process-info'
import { contentHash } from '../src-main/inputs/skill'
import { sourceChanges } from '../src-main/services/source-changes'
import { taskConfigSchema } from '../src-shared/task-config'
import { ANSWER_EXISTS, expectDecided } from './support/expect-decided'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'
import { SERVER_AGENT } from './support/server-task'

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: 'pirate-speak' })
  world = makeWorld(llm.url)
})
afterAll(async () => {
  await llm.close()
  world.cleanup()
})

const git = (...args: string[]): string =>
  execFileSync('git', ['-C', join(world.root, 'repo'), ...args], {
    env: { ...process.env, ...IDENTITY, GIT_OPTIONAL_LOCKS: '0' },
  })
    .toString('utf8')
    .trim()
const IDENTITY = {
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
}

/** Every file under `dir` (`.git` included) with its bytes: what "untouched" means. */
function bytesUnder(dir: string, out: Record<string, string> = {}, prefix = ''): Record<string, string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) bytesUnder(path, out, `${prefix}${name}/`)
    else out[`${prefix}${name}`] = readFileSync(path).toString('base64')
  }
  return out
}

describe('skill-ab run with git versions', () => {
  it('compares the commits two refs name: each side loads its commit, the working copy is untouched', async () => {
    const skill = 'repo/skills/pirate-speak'
    writeSkill(world, skill, 'pirate-speak', 'BODY OF VERSION ONE')
    git('init', '-q', '-b', 'main')
    git('add', '-A')
    git('commit', '-qm', 'Pirate talk, first cut')
    git('tag', 'v1')
    writeSkill(world, skill, 'pirate-speak', 'BODY OF VERSION TWO')
    git('commit', '-qam', 'Pirate talk with more arr')
    // Work in progress the run must neither read nor touch:
    writeSkill(world, skill, 'pirate-speak', 'UNCOMMITTED BODY')
    world.write(`${skill}/notes.txt`, 'untracked\n')
    const v1 = git('rev-parse', 'v1')
    const v2 = git('rev-parse', 'main')
    const before = { status: git('status', '--porcelain'), files: bytesUnder(join(world.root, 'repo')) }

    world.write('one.jsonl', '{"id":"k1","prompt":"Say ahoy."}\n')
    world.write(
      'git.json',
      JSON.stringify({
        name: 'main vs v1',
        skill: { git: { repo: './repo', ref: 'main', path: 'skills/pirate-speak' } },
        baseline: { kind: 'skill', git: { repo: './repo', ref: 'v1', path: 'skills/pirate-speak' } },
        dataset: { path: './one.jsonl' },
        repeatRounds: 1,
        evaluators: ANSWER_EXISTS,
        agent: SERVER_AGENT,
      }),
    )
    // Git temp folders an earlier process left: a crashed one's is swept at this run's first git read, a
    // live one's (this test process's) is kept.
    const tmp = join(world.root, 'tmp')
    const leftover = (name: string, pid: number | undefined) => {
      mkdirSync(join(tmp, name), { recursive: true })
      const owner = { pid, startTime: pid && processStartTime(pid), hostname: hostname() }
      writeFileSync(join(tmp, name, 'owner.json'), JSON.stringify(owner))
      return join(tmp, name)
    }
    const crashed = leftover('skill-ab-git-crashed', spawnSync('true').pid)
    const live = leftover('skill-ab-git-live', process.pid)
    const res = await runCli(['run', 'git.json'], { ...world.env, TMPDIR: tmp }, world.root)
    expectDecided(res)
    expect(existsSync(crashed)).toBe(false)
    expect(existsSync(live)).toBe(true)
    expect(git('status', '--porcelain')).toBe(before.status)
    expect(bytesUnder(join(world.root, 'repo'))).toEqual(before.files)

    // The snapshot of a commit hashes like a folder holding the same files.
    writeSkill(world, 'plain/pirate-speak', 'pirate-speak', 'BODY OF VERSION TWO')
    const hashB = contentHash(join(world.root, 'plain/pirate-speak')).replace('sha256:', '')
    expect(res.stderr).toMatch(
      new RegExp(
        `isolation side b \\(pirate-speak ${v2.slice(0, 7)}\\): side b sees exactly pirate-speak at \\S*/${hashB}/`,
      ),
    )
    expect(res.stderr).toContain(`isolation side a (pirate-speak ${v1.slice(0, 7)})`)
    expect(res.stderr).toContain(
      `skill pirate-speak ${v2.slice(0, 7)} ("Pirate talk with more arr", main in ${join(world.root, 'repo')}) vs ` +
        `pirate-speak ${v1.slice(0, 7)} ("Pirate talk, first cut", v1 in ${join(world.root, 'repo')})`,
    )

    const store = openStore(world.dataDir)
    try {
      const task = store.tasks.list().find((t) => t.taskName === 'main vs v1')
      if (!task) throw new Error('no task')
      expect(task.skillVersion).toBe(v2.slice(0, 7))
      const runs = store.runs.listByTask(task.id)
      const events = Object.fromEntries(
        runs.map((r) => [r.side, JSON.stringify(store.trajectories.get(r.id)?.events)]),
      )
      expect(runs.map((r) => [r.side, r.status, r.skillLoaded])).toEqual([
        ['a', 'scored', true],
        ['b', 'scored', true],
      ])
      expect(events.a).toContain('BODY OF VERSION ONE')
      expect(events.b).toContain('BODY OF VERSION TWO')
      expect(`${events.a}${events.b}`).not.toContain('UNCOMMITTED BODY')
      // The task stores the commit each ref resolved to.
      const stored = taskConfigSchema.parse(JSON.parse(task.configJson))
      expect(stored.skill.git?.commit).toEqual({ sha: v2, subject: 'Pirate talk with more arr' })
      expect(stored.baseline.kind === 'skill' && stored.baseline.git?.commit?.sha).toBe(v1)
      expect(sourceChanges(store, task)).toEqual([])

      // main moves on: a changed source, like an edited folder.
      writeSkill(world, skill, 'pirate-speak', 'BODY OF VERSION THREE')
      git('commit', '-qam', 'Third cut')
      const v3 = git('rev-parse', 'main')
      expect(sourceChanges(store, task)).toEqual([
        `skill.git.ref: "main" moved from ${v2.slice(0, 7)} "Pirate talk with more arr" to ${v3.slice(0, 7)} "Third cut"`,
        expect.stringMatching(/^skill\.path: the skill's contents changed/),
      ])
    } finally {
      store.close()
    }
  })
})
