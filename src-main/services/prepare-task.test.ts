import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../db'
import { InputError } from '../inputs/errors'
import { parseTaskConfig } from '../inputs/load-config'
import { checkTask, prepareTask } from './prepare-task'

let dir: string
let store: Store

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-ab-prepare-'))
  mkdirSync(join(dir, 'skill'))
  writeFileSync(
    join(dir, 'skill', 'SKILL.md'),
    '---\nname: pirate-speak\ndescription: Use for pirate talk.\n---\nTalk like a pirate.\n',
  )
  writeFileSync(join(dir, 'cases.jsonl'), '{"id":"c1","prompt":"Say hello."}\n')
  store = openStore(join(dir, 'data'))
})
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

function prepare(
  name: string,
  model = 'scripted/agent',
  more: Record<string, unknown> = {},
): ReturnType<typeof prepareTask> {
  const config = {
    name,
    skill: { path: './skill', label: 'v2' },
    dataset: { path: './cases.jsonl' },
    repeatRounds: 1,
    agent: { model },
    ...more,
  }
  return prepareTask(store, parseTaskConfig(config, dir, { env: {} }))
}

/** What a refused resume throws: a `conflict` error saying the task cannot be resumed. */
const resumeRefused = expect.objectContaining({
  kind: 'conflict',
  message: expect.stringMatching(/^task "[^"]+" already exists and this config cannot resume it:\n/),
})

describe('prepareTask', () => {
  it('invariant 5: the task name is identity — a second name for the same version is a second task; the same name resumes its own task, never the newest one', () => {
    const first = prepare('first')
    const second = prepare('second')
    expect(second.task.id).not.toBe(first.task.id)
    expect(store.tasks.list().map((t) => [t.taskName, t.skillVersion])).toEqual(
      expect.arrayContaining([
        ['first', 'v2'],
        ['second', 'v2'],
      ]),
    )
    // Something paid for in "first": running it again resumes "first" (not "second", the newest task)…
    const [run] = store.runs.listByTask(first.task.id)
    store.runs.transition(run!.id, { from: ['pending'], to: 'running' })
    const again = prepare('first')
    expect([again.task.id, again.created]).toEqual([first.task.id, false])
    // …and a changed model under the same name is refused, naming the field, not switched to another task.
    expect(() => prepare('first', 'scripted/free')).toThrow(resumeRefused)
    expect(() => prepare('first', 'scripted/free')).toThrow(/agent\.model/)
    expect(store.tasks.list()).toHaveLength(2)
  })

  it('finds the task a config names once, before writing: a new task is created under the id chosen then', () => {
    const config = {
      name: 'known early',
      skill: { path: './skill', label: 'v2' },
      dataset: { path: './cases.jsonl' },
      agent: { model: 'scripted/agent' },
    }
    const found: string[] = []
    const check = () =>
      checkTask(store, parseTaskConfig(config, dir, { env: {} }), { onFound: (t) => found.push(t.id) })
    const checked = check()
    expect(store.tasks.list()).toEqual([])
    const made = checked.write()
    checked.release()
    expect(made.task.id).toBe(checked.taskId)
    expect(found).toEqual([])
    // The same config names that task: found (and told) before anything else is read.
    const again = check()
    again.release()
    expect([again.taskId, found]).toEqual([made.task.id, [made.task.id]])
  })
})

describe('prepareTask: a refused input writes nothing', () => {
  const nothingWritten = (): void => {
    expect(store.tasks.list()).toEqual([])
    expect(store.db.prepare('SELECT count(*) AS n FROM skill_version').get()).toEqual({ n: 0 })
    expect(store.db.prepare('SELECT count(*) AS n FROM run').get()).toEqual({ n: 0 })
    expect(existsSync(join(dir, 'data', 'skills'))).toBe(false)
  }

  it('a dataset refused after the skill was read leaves no snapshot', () => {
    writeFileSync(join(dir, 'bad.jsonl'), '{"id":"c1"}\n')
    expect(() => prepare('t', 'scripted/agent', { dataset: { path: './bad.jsonl' } })).toThrow(/prompt/)
    nothingWritten()
  })

  it('a case selection naming an unknown id leaves no snapshot', () => {
    expect(() => prepare('t', 'scripted/agent', { cases: ['zz'] })).toThrow(/unknown case id "zz"/)
    nothingWritten()
  })

  it('a baseline that is the same skill snapshot as the skill under test: "a and b are the same skill"', () => {
    mkdirSync(join(dir, 'copy'))
    writeFileSync(join(dir, 'copy', 'SKILL.md'), readFileSync(join(dir, 'skill', 'SKILL.md')))
    const same = () =>
      prepare('t', 'scripted/agent', { baseline: { kind: 'skill', path: './copy', label: 'v1' } })
    expect(same).toThrow(InputError)
    expect(same).toThrow(/^baseline\.path: a and b are the same skill \(pirate-speak, sha256:\w{12}…\)/)
    nothingWritten()
  })

  it('a refused baseline leaves no snapshot of the skill under test, nor any row', () => {
    mkdirSync(join(dir, 'base'))
    writeFileSync(join(dir, 'base', 'SKILL.md'), '---\nname: base\n---\nno description\n')
    expect(() => prepare('t', 'scripted/agent', { baseline: { kind: 'skill', path: './base' } })).toThrow(
      /description/,
    )
    nothingWritten()
  })
})

describe('prepareTask: adaptive rounds', () => {
  const adaptive = { adaptiveRounds: { min: 1, max: 3 } }

  it('a new task runs min rounds per case and stores its plan; a resume (also after a crash) follows the stored plan', () => {
    writeFileSync(
      join(dir, 'cases.jsonl'),
      '{"id":"c1","prompt":"Say hello."}\n{"id":"c2","prompt":"Say bye."}\n',
    )
    const first = prepare('adaptive', 'scripted/agent', adaptive)
    const rounds = () =>
      store.runs
        .listByTask(first.task.id)
        .map((r) => `${r.caseKey}/${r.round}/${r.side}`)
        .sort()
    expect(rounds()).toEqual(['c1/1/a', 'c1/1/b', 'c2/1/a', 'c2/1/b'])
    expect(first.plan.maxRound).toBe(3)
    const plan = store.adaptivePlans.get(first.task.id)
    expect(plan).toMatchObject({ min: 1, max: 3, rounds: { c1: 1, c2: 1 }, looks: [], stop: null })

    // A look gave c1 a second round; whatever was inserted before the process died, a resume runs that plan.
    const [run] = store.runs.listByTask(first.task.id)
    store.runs.transition(run!.id, { from: ['pending'], to: 'running' })
    store.adaptivePlans.put(first.task.id, { ...plan!, rounds: { c1: 2, c2: 1 } })
    const again = prepare('adaptive', 'scripted/agent', adaptive)
    expect(again.task.id).toBe(first.task.id)
    expect(rounds()).toEqual(['c1/1/a', 'c1/1/b', 'c1/2/a', 'c1/2/b', 'c2/1/a', 'c2/1/b'])
    expect(store.adaptivePlans.get(first.task.id)?.rounds).toEqual({ c1: 2, c2: 1 })
  })

  it('a resume with another min or max, or with fixed rounds, is refused: the looks spent α under the first', () => {
    const first = prepare('adaptive', 'scripted/agent', adaptive)
    const [run] = store.runs.listByTask(first.task.id)
    store.runs.transition(run!.id, { from: ['pending'], to: 'running' })
    expect(() => prepare('adaptive', 'scripted/agent', { adaptiveRounds: { min: 1, max: 5 } })).toThrow(
      resumeRefused,
    )
    expect(() => prepare('adaptive')).toThrow(/adaptiveRounds: min 1, max 3 → fixed repeatRounds/)
  })
})

describe('prepareTask with a git version', () => {
  const git = (...args: string[]) =>
    execFileSync('git', [
      '-C',
      join(dir, 'skill'),
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@example.com',
      ...args,
    ])
      .toString('utf8')
      .trim()
  const gitSkill = { git: { repo: './skill', ref: 'main', path: '.' } }

  it('stores the commit the ref resolved to, labels the task by its short sha, and snapshots the committed files', () => {
    git('init', '-q', '-b', 'main')
    git('add', '-A')
    git('commit', '-qm', 'Pirate talk')
    writeFileSync(join(dir, 'skill', 'SKILL.md'), 'an uncommitted edit, not a skill at all\n')
    const sha = git('rev-parse', 'HEAD')
    const p = prepare('git', 'scripted/agent', { skill: gitSkill })
    expect(p.task.skillVersion).toBe(sha.slice(0, 7))
    expect(JSON.parse(p.task.configJson).skill).toEqual({
      git: { repo: join(dir, 'skill'), ref: 'main', path: '.', commit: { sha, subject: 'Pirate talk' } },
    })
    expect(readFileSync(join(p.skill.snapshotDir, 'SKILL.md'), 'utf8')).toContain('Talk like a pirate.')
  })

  it('a ref that moved to other files is a changed skill: a labelled task refuses to resume, saying the ref moved', () => {
    git('init', '-q', '-b', 'main')
    git('add', '-A')
    git('commit', '-qm', 'Pirate talk')
    const labelled = { skill: { ...gitSkill, label: 'v2' } }
    const first = prepare('git', 'scripted/agent', labelled)
    const [run] = store.runs.listByTask(first.task.id)
    store.runs.transition(run!.id, { from: ['pending'], to: 'running' })
    writeFileSync(
      join(dir, 'skill', 'SKILL.md'),
      '---\nname: pirate-speak\ndescription: Use for pirate talk.\n---\nTalk like a pirate, loudly.\n',
    )
    git('commit', '-qam', 'Louder')
    const err = (() => {
      try {
        prepare('git', 'scripted/agent', labelled)
      } catch (e) {
        return e as Error
      }
      throw new Error('not refused')
    })()
    expect(err).toEqual(resumeRefused)
    expect(err.message).toMatch(
      /skill\.git\.ref: "main" moved from [0-9a-f]{7} "Pirate talk" to [0-9a-f]{7} "Louder"/,
    )
    expect(err.message).toContain("the skill's contents changed")
  })

  it('refuses a commit whose snapshot would hold the dataset, naming skill.git.path', () => {
    writeFileSync(join(dir, 'skill', 'cases.jsonl'), '{"id":"c1","prompt":"Say hello."}\n')
    git('init', '-q', '-b', 'main')
    git('add', '-A')
    git('commit', '-qm', 'Pirate talk with its cases')
    const err = (() => {
      try {
        prepare('git', 'scripted/agent', { skill: gitSkill, dataset: { path: './skill/cases.jsonl' } })
      } catch (e) {
        return e as InputError
      }
      throw new Error('not refused')
    })()
    expect(err.field).toBe('skill.git.path')
    expect(err.message).toContain('the agent could read the expected outputs')
  })
})
