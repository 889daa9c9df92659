// Tasks made before the sealed snapshot (content hash recipe 1: every file, evals/ included) resume with
// the same config, and their remaining runs get a snapshot without evals/.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../db'
import { loadDataset } from '../inputs/dataset'
import { parseTaskConfig, type LoadedTaskConfig } from '../inputs/load-config'
import { contentHash } from '../inputs/skill'
import { writeTree } from '../inputs/temp-files.fixture'
import { prepareTask } from './prepare-task'

let dir: string
let store: Store

const skillFiles = (name: string, body: string) => ({
  [`${name}/SKILL.md`]: `---\nname: ${name}\ndescription: Use for pirate talk.\n---\n${body}\n`,
  [`${name}/evals/evals.json`]: JSON.stringify({
    skill_name: name,
    evals: [{ id: 1, prompt: 'Say hello.', expected_output: 'EXPECTED-ANSWER-KEY' }],
  }),
})

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-ab-sealed-resume-'))
  writeTree(dir, {
    ...skillFiles('pirate-speak', 'Talk like a pirate.'),
    ...skillFiles('pirate-old', 'Arr.'),
  })
  store = openStore(join(dir, 'data'))
})
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

function load(label?: string): LoadedTaskConfig {
  return parseTaskConfig(
    {
      name: 'old task',
      skill: { path: './pirate-speak', ...(label ? { label } : {}) },
      baseline: { kind: 'skill', path: './pirate-old', label: 'v1' },
      dataset: { path: './pirate-speak/evals/evals.json' },
      repeatRounds: 2,
      agent: { model: 'scripted/agent' },
    },
    dir,
    { env: {} },
  )
}

/** What the build before recipe 2 left: snapshots with evals/, recipe-1 rows, one run paid for. */
function seedOldTask(label?: string): { taskId: string; oldSnapshot: string } {
  const loaded = load(label)
  const version = (folder: string, givenLabel?: string) => {
    const src = join(dir, folder)
    const hash = contentHash(src, 1)
    const snap = join(dir, 'data', 'skills', folder, hash.slice(7), folder)
    cpSync(src, snap, { recursive: true })
    const row = store.skillVersions.upsert(folder, givenLabel ?? hash.slice(7, 15), hash, snap, 1)
    return { row, snap }
  }
  const b = version('pirate-speak', label)
  const a = version('pirate-old', 'v1')
  const dataset = loadDataset(loaded.resolved.datasetPath, { skillRoot: loaded.resolved.skillPath })
  const imported = store.datasets.import(
    dataset.file,
    dataset.format,
    dataset.cases.map((c) => ({ ...c, caseKey: c.id })),
  )
  const task = store.tasks.create({
    taskName: 'old task',
    skillName: 'pirate-speak',
    skillVersion: b.row.label,
    configJson: JSON.stringify(loaded.config),
    skillVersionAId: a.row.id,
    skillVersionBId: b.row.id,
    datasetId: imported.dataset.id,
  })
  const [first] = store.runs.insertPending(
    task.id,
    dataset.cases.flatMap((c) =>
      (['a', 'b'] as const).map((side) => ({ caseKey: c.id, round: 1, side, caseHash: c.contentHash })),
    ),
  )
  store.runs.transition(first!.id, { from: ['pending'], to: 'running' })
  return { taskId: task.id, oldSnapshot: b.snap }
}

describe('a task made before the sealed snapshot', () => {
  it('resumes under its default label (the recipe-1 hash), and its new runs see no evals/', () => {
    const { taskId, oldSnapshot } = seedOldTask()
    expect(existsSync(join(oldSnapshot, 'evals', 'evals.json'))).toBe(true)
    const p = prepareTask(store, load())
    expect([p.task.id, p.created, p.added]).toEqual([taskId, false, 2]) // round 2 appended
    for (const side of [p.plan.sides.b, p.plan.sides.a]) {
      expect(side.skill!.snapshotDir).not.toBe(oldSnapshot)
      expect(existsSync(join(side.skill!.snapshotDir, 'SKILL.md'))).toBe(true)
      expect(existsSync(join(side.skill!.snapshotDir, 'evals'))).toBe(false)
      expect(side.sealed?.files).toEqual([join(dir, 'pirate-speak', 'evals', 'evals.json')])
    }
    // The task keeps its identity and its stored versions (recipe 1); no second task appears.
    expect(store.tasks.list().map((t) => [t.id, t.skillVersion])).toEqual([
      [taskId, contentHash(join(dir, 'pirate-speak'), 1).slice(7, 15)],
    ])
    expect(store.skillVersions.get(p.task.skillVersionBId)?.hashRecipe).toBe(1)
  })

  it('resumes under a given label, and still sees a real change of the skill', () => {
    seedOldTask('v2')
    expect(prepareTask(store, load('v2')).created).toBe(false)
    writeFileSync(
      join(dir, 'pirate-speak', 'SKILL.md'),
      '---\nname: pirate-speak\ndescription: d\n---\nNew.\n',
    )
    expect(() => prepareTask(store, load('v2'))).toThrow(
      expect.objectContaining({ kind: 'conflict', message: expect.stringMatching(/cannot resume it/) }),
    )
    expect(() => prepareTask(store, load('v2'))).toThrow(/skill\.path: the skill's contents changed/)
  })

  it('a changed baseline is still refused', () => {
    seedOldTask()
    writeFileSync(join(dir, 'pirate-old', 'extra.md'), 'new file')
    expect(() => prepareTask(store, load())).toThrow(/baseline: the baseline changed/)
  })
})

describe('a task made with the sealed snapshot', () => {
  it('records recipe 2, and editing evals/ does not change the skill', () => {
    const first = prepareTask(store, load())
    expect(store.skillVersions.get(first.task.skillVersionBId)?.hashRecipe).toBe(2)
    const [run] = store.runs.listByTask(first.task.id)
    store.runs.transition(run!.id, { from: ['pending'], to: 'running' })
    writeFileSync(join(dir, 'pirate-old', 'evals', 'notes.md'), 'more expectations')
    const again = prepareTask(store, load())
    expect([again.task.id, again.created]).toEqual([first.task.id, false])
  })

  it('refuses a dataset the skill snapshot would copy, with the .skillabignore line to add', () => {
    cpSync(join(dir, 'pirate-speak', 'evals'), join(dir, 'pirate-speak', 'tests'), { recursive: true })
    const loaded = parseTaskConfig(
      {
        name: 't',
        skill: { path: './pirate-speak' },
        dataset: { path: './pirate-speak/tests/evals.json' },
        agent: { model: 'scripted/agent' },
      },
      dir,
      { env: {} },
    )
    expect(() => prepareTask(store, loaded)).toThrow(/add the line "\/tests\/" to .*\.skillabignore/)
    writeFileSync(join(dir, 'pirate-speak', '.skillabignore'), '/tests/\n')
    expect(prepareTask(store, loaded).created).toBe(true)
  })
})
