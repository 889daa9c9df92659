import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../db'
import { parseTaskConfig } from '../inputs/load-config'
import { planFromStore } from './continue-task'
import { prepareTask } from './prepare-task'
import { sourceChanges } from './source-changes'

let dir: string
let store: Store

const skillMd = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: Use for pirate talk.\n---\n${body}\n`

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-ab-continue-'))
  mkdirSync(join(dir, 'skill'))
  mkdirSync(join(dir, 'base'))
  writeFileSync(join(dir, 'skill', 'SKILL.md'), skillMd('pirate-speak', 'Talk like a pirate.'))
  writeFileSync(join(dir, 'base', 'SKILL.md'), skillMd('pirate-speak', 'Talk plainly.'))
  writeFileSync(
    join(dir, 'cases.jsonl'),
    '{"id":"c1","prompt":"Say hello."}\n{"id":"c2","prompt":"Say goodbye."}\n',
  )
  store = openStore(join(dir, 'data'))
})
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

function prepare(model = 'scripted/agent') {
  const config = {
    name: 'from the store',
    skill: { path: './skill', label: 'v2' },
    baseline: { kind: 'skill', path: './base', label: 'v1' },
    dataset: { path: './cases.jsonl' },
    repeatRounds: 1,
    agent: { model },
  }
  return prepareTask(store, parseTaskConfig(config, dir, { env: {} }))
}

describe('continuing a stored task', () => {
  it('plans from both sides’ snapshots and the stored cases after the user edited the skill and the dataset, and says what changed', () => {
    const made = prepare()
    writeFileSync(join(dir, 'skill', 'SKILL.md'), skillMd('pirate-speak', 'Talk like a ROBOT.'))
    writeFileSync(join(dir, 'cases.jsonl'), '{"id":"c1","prompt":"Say hi, edited."}\n')

    const { plan } = planFromStore(store, made.task.id, {})
    expect(plan.sides.b.skill?.snapshotDir).toBe(made.skill.snapshotDir)
    expect(plan.sides.a.skill?.snapshotDir).toBe(made.baseline?.snapshotDir)
    expect(readFileSync(join(plan.sides.b.skill?.snapshotDir ?? '', 'SKILL.md'), 'utf8')).toContain(
      'Talk like a pirate.',
    )
    expect([...plan.cases.values()].map((c) => [c.caseId, c.prompt])).toEqual([
      ['c1', 'Say hello.'],
      ['c2', 'Say goodbye.'],
    ])
    expect(plan.sides.b.sealed?.files).toEqual([join(dir, 'cases.jsonl')])

    const changes = sourceChanges(store, store.tasks.get(made.task.id)!)
    expect(changes).toEqual([
      expect.stringMatching(/^skill\.path: the skill's contents changed \(\w{8} → \w{8}\)$/),
      'dataset: case "c1" was edited under the same id',
    ])
  })

  it('plans a stored task exactly as it was prepared: the same sides, cases, rounds and limits', () => {
    const made = prepare()
    expect(planFromStore(store, made.task.id, {}).plan).toEqual(made.plan)
  })

  it('says nothing changed while the sources are as the task stored them', () => {
    const made = prepare()
    expect(sourceChanges(store, made.task)).toEqual([])
  })

  it('refuses a task whose snapshot was deleted from the data folder, naming the task and the snapshot', () => {
    const made = prepare()
    rmSync(dirname(made.skill.snapshotDir), { recursive: true, force: true })
    expect(() => planFromStore(store, made.task.id, {})).toThrow(
      `task "from the store" (${made.task.id}) cannot continue: the skill's snapshot ${made.skill.snapshotDir} is missing from the data folder`,
    )
  })

  it('a task never started keeps its id when its config changes (updated in place)', () => {
    const made = prepare()
    const again = prepare('scripted/free')
    expect(again.task.id).toBe(made.task.id)
    expect(store.tasks.list().map((t) => t.id)).toEqual([made.task.id])
    expect(planFromStore(store, made.task.id, {}).config.agent.model).toBe('scripted/free')
    expect(store.runs.listByTask(made.task.id)).toHaveLength(4)
  })
})
