import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { locateOpencodeDb } from '../agent/opencode/opencode-sessions'
import { drive } from '../export/task.fixture'
import { loadCaseAnalysisConfig } from '../inputs/load-case-config'
import { loadTaskConfig } from '../inputs/load-config'
import { inputError, tempTree } from '../inputs/temp-files.fixture'
import { summarizeAnalysis } from './analyze'
import { prepareTask } from './prepare-task'
import { openStubWorld, type StubWorld } from './judge-stub.fixture'

let w: StubWorld
beforeEach(() => {
  w = openStubWorld()
})
afterEach(() => w.cleanup())

function project(): string {
  const config = {
    name: 'pirate',
    skill: { path: './skill', label: 'v1' },
    dataset: { path: './cases.jsonl' },
    agent: { model: 'a/m1' },
  }
  const dir = tempTree({
    'skill/SKILL.md': '---\nname: pirate-speak\ndescription: Talk like a pirate.\n---\n',
    'cases.jsonl': '{"id": "c1", "prompt": "p1"}\n{"id": "c2", "prompt": "p2"}\n',
    'task.json': JSON.stringify(config),
    'analysis.json': JSON.stringify({ ...config, repeatRounds: 2 }),
  })
  return dir
}

describe('case analysis tasks', () => {
  it('run side b only, sum up per case and mean, and never share a name with an A/B task of the same skill version', () => {
    const dir = project()
    const loaded = loadCaseAnalysisConfig(join(dir, 'analysis.json'), { env: {} })
    const p = prepareTask(w.ctx.store, loaded, { kind: 'case' })
    expect(p.task.kind).toBe('case')
    const runs = w.ctx.store.runs.listByTask(p.task.id)
    expect(runs.map((r) => `${r.caseKey}/${r.round}/${r.side}`)).toEqual([
      'c1/1/b',
      'c1/2/b',
      'c2/1/b',
      'c2/2/b',
    ])

    const [c1r1, c1r2, c2r1, c2r2] = runs
    drive(w.ctx.store, c1r1!.id, 'scored', { score: 80 })
    drive(w.ctx.store, c1r2!.id, 'scored', { score: 60 })
    drive(w.ctx.store, c2r1!.id, 'scored', { score: 30 })
    drive(w.ctx.store, c2r2!.id, 'eval-failed')
    const s = summarizeAnalysis(w.ctx.store, p.task.id)
    expect(s.cases).toEqual([
      { caseId: 'c1', runs: 2, scored: 2, score: 70 },
      { caseId: 'c2', runs: 2, scored: 1, score: 30 },
    ])
    expect(s.mean).toBe(50)

    // The same identity as an A/B task is refused, naming the field, instead of resuming the analysis.
    const err = inputError(() =>
      prepareTask(w.ctx.store, loadTaskConfig(join(dir, 'task.json'), { env: {} })),
    )
    expect(err.field).toBe('name')
    expect(err.message).toMatch(
      /"pirate" is already a case analysis of pirate-speak v1 .*: give this A\/B task another "name"/,
    )
    expect(w.ctx.store.tasks.list()).toEqual([])
  })

  it('finds opencode.db from its folder, the XDG data dir above it, or the file; says where it looked otherwise', () => {
    const dir = tempTree({ 'data/opencode/opencode.db': '' })
    const db = join(dir, 'data', 'opencode', 'opencode.db')
    for (const given of [join(dir, 'data'), join(dir, 'data', 'opencode'), db])
      expect(locateOpencodeDb(given)).toBe(db)
    mkdirSync(join(dir, 'empty'))
    writeFileSync(join(dir, 'empty', 'notes.txt'), '')
    const err = inputError(() => locateOpencodeDb(join(dir, 'empty'), '--import'))
    expect(err.message).toMatch(
      /^--import: no opencode database \(opencode\.db\) at .*empty: give the folder holding opencode\.db/,
    )
  })
})
