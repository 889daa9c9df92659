import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from './connection'
import { caseContentHash, type DatasetCaseInput } from './datasets'
import { openTempStore, type TempStore } from './store.fixture'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

const cases: DatasetCaseInput[] = [
  {
    caseKey: 'c1',
    prompt: 'fix the bug',
    files: { 'src/a.py': 'x = 1\n' },
    expectedOutput: 'fixed',
    expectations: ['tests pass'],
    tags: ['py'],
  },
  { caseKey: '2', prompt: 'write docs' },
]

describe('datasets', () => {
  it('imports a dataset with its cases in order, and reads them back', () => {
    const { dataset, cases: stored } = store.datasets.import('/d/cases.jsonl', 'jsonl', cases)
    expect(dataset).toMatchObject({ path: '/d/cases.jsonl', format: 'jsonl', caseCount: 2 })
    expect(store.datasets.get(dataset.id)).toEqual(dataset)
    expect(store.datasets.getCases(dataset.id)).toEqual(stored)
    expect(stored.map((c) => [c.caseKey, c.ordinal])).toEqual([
      ['c1', 0],
      ['2', 1],
    ])
    expect(stored[0]).toMatchObject({
      files: { 'src/a.py': 'x = 1\n' },
      expectedOutput: 'fixed',
      expectations: ['tests pass'],
      tags: ['py'],
    })
    expect(stored[1]).toMatchObject({ files: {}, expectedOutput: null, expectations: [], tags: [] })
    expect(stored[0]?.contentHash).toBe(caseContentHash(cases[0] as DatasetCaseInput))
    expect(store.datasets.getCase(dataset.id, '2')?.prompt).toBe('write docs')
    expect(store.datasets.getCase(dataset.id, 'nope')).toBeNull()
  })

  it('is all or nothing: a failing case row rolls back the dataset and every case', () => {
    const bad = [...cases, { caseKey: 'c1', prompt: 'duplicate id' }]
    expect(() => store.datasets.import('/d/bad.jsonl', 'jsonl', bad)).toThrow(/UNIQUE/)
    const nullPrompt = [...cases, { caseKey: 'c3', prompt: null as unknown as string }]
    expect(() => store.datasets.import('/d/bad.jsonl', 'jsonl', nullPrompt)).toThrow(/NOT NULL/)
    expect(store.db.prepare('SELECT count(*) AS n FROM dataset').get()).toEqual({ n: 0 })
    expect(store.db.prepare('SELECT count(*) AS n FROM dataset_case').get()).toEqual({ n: 0 })
  })

  it('re-importing the same contents returns the stored dataset; changed contents make a new one', () => {
    const first = store.datasets.import('/d/cases.jsonl', 'jsonl', cases)
    const again = store.datasets.import('/d/cases.jsonl', 'jsonl', cases)
    expect(again.dataset.id).toBe(first.dataset.id)
    const edited = store.datasets.import('/d/cases.jsonl', 'jsonl', [
      { ...cases[0], prompt: 'fix it' } as DatasetCaseInput,
    ])
    expect(edited.dataset.id).not.toBe(first.dataset.id)
  })

  it('caseContentHash covers what a run depends on, ignores tags and file order', () => {
    const base: DatasetCaseInput = { caseKey: 'c', prompt: 'p', files: { a: '1', b: '2' } }
    expect(caseContentHash(base)).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(caseContentHash({ ...base, files: { b: '2', a: '1' }, tags: ['x'] })).toBe(caseContentHash(base))
    expect(caseContentHash({ ...base, prompt: 'q' })).not.toBe(caseContentHash(base))
    expect(caseContentHash({ ...base, expectations: ['e'] })).not.toBe(caseContentHash(base))
    expect(caseContentHash({ ...base, files: { a: '1', b: '3' } })).not.toBe(caseContentHash(base))
  })
})
