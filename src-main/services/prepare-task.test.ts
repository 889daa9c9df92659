import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../db'
import { parseTaskConfig } from '../inputs/load-config'
import { ResumeConflictError } from './errors'
import { prepareTask } from './prepare-task'

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

function prepare(name: string, model = 'scripted/agent'): ReturnType<typeof prepareTask> {
  const config = {
    name,
    skill: { path: './skill', label: 'v2' },
    dataset: { path: './cases.jsonl' },
    repeatRounds: 1,
    agent: { model },
  }
  return prepareTask(store, parseTaskConfig(config, dir, { env: {} }))
}

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
    expect(() => prepare('first', 'scripted/free')).toThrow(ResumeConflictError)
    expect(() => prepare('first', 'scripted/free')).toThrow(/agent\.model/)
    expect(store.tasks.list()).toHaveLength(2)
  })
})

describe('a refused skill writes nothing', () => {
  it('a refused baseline leaves no snapshot of the skill under test, nor any row', () => {
    mkdirSync(join(dir, 'base'))
    writeFileSync(join(dir, 'base', 'SKILL.md'), '---\nname: base\n---\nno description\n')
    const config = {
      name: 't',
      skill: { path: './skill' },
      baseline: { kind: 'skill', path: './base' },
      dataset: { path: './cases.jsonl' },
      agent: { model: 'scripted/agent' },
    }
    expect(() => prepareTask(store, parseTaskConfig(config, dir, { env: {} }))).toThrow(/description/)
    expect(existsSync(join(dir, 'data', 'skills'))).toBe(false)
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM skill_version').get()).toEqual({ n: 0 })
    expect(store.tasks.list()).toEqual([])
  })
})
