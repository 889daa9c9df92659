// Opening an export file read-only: the current version as written, a first-version (@1) file upgraded.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../db'
import { openTempStore, type TempStore } from '../db/store.fixture'
import { EXPORT_SCHEMA_ID, EXPORT_SCHEMA_V1, exportSchema } from '../../src-shared/export'
import { EXPORT_V1_WARNING, readExport } from '../../src-shared/export-read'
import { buildTaskExport } from '../services/export-task'
import { drive, findRun, seedExportTask } from './task.fixture'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

const env = { opencodeVersion: '1.18.33', app: '0.1.0', secrets: [] }

/** A scored task's export, as a file holds it. */
function exported(): Record<string, unknown> {
  const { task, runs } = seedExportTask(store, { cases: ['c1', 'c2'], rounds: 1 })
  for (const c of ['c1', 'c2']) {
    drive(store, findRun(runs, c, 'a', 1).id, 'scored', { score: 50 })
    drive(store, findRun(runs, c, 'b', 1).id, 'scored', { score: 70 })
  }
  return JSON.parse(JSON.stringify(buildTaskExport(store, task.id, env))) as Record<string, unknown>
}

/** What the first version wrote: schema @1 and a decision without the parts added since. */
function asV1(doc: Record<string, unknown>): Record<string, unknown> {
  const decision = { ...(doc.decision as Record<string, unknown>) }
  for (const key of ['failures', 'trigger', 'pairwise', 'primary', 'warnings']) delete decision[key]
  return { ...doc, schema: EXPORT_SCHEMA_V1, decision }
}

describe('readExport', () => {
  it('opens a current export as written', () => {
    const doc = exported()
    expect(doc.schema).toBe(EXPORT_SCHEMA_ID)
    const read = readExport(doc)
    expect(read).toEqual({ ok: true, doc })
  })

  it('opens an export written before runs carried their evidence (no offeredSkills), as written', () => {
    const doc = exported()
    const runs = doc.runs as Record<string, unknown>[]
    expect(runs[0]?.offeredSkills).toEqual([])
    const older = { ...doc, runs: runs.map(({ offeredSkills: _evidence, ...run }) => run) }
    expect(readExport(older)).toEqual({ ok: true, doc: older })
  })

  it('opens an @1 export: the parts it predates are empty, no pairwise, and a warning says why', () => {
    const v1 = asV1(exported())
    expect(exportSchema.safeParse(v1).success).toBe(false)
    const read = readExport(v1)
    if (!read.ok) throw new Error(read.error)
    expect(read.doc.schema).toBe(EXPORT_SCHEMA_V1)
    expect(read.doc.decision.capability).toEqual((v1.decision as { capability: unknown }).capability)
    expect(read.doc.decision).toMatchObject({
      failures: { verdict: 'inconclusive', n: 0, runsA: 0, runsB: 0, diff: null },
      trigger: { a: null, b: { runs: 0, rate: null } },
      pairwise: null,
      primary: 'pointwise',
    })
    expect(read.doc.decision.warnings).toEqual([
      {
        code: EXPORT_V1_WARNING,
        message: expect.stringMatching(/^this export was written as skill-ab\/export@1/),
      },
    ])
    expect(read.doc.runs).toEqual(v1.runs)
  })

  it('refuses another version, naming it and the versions it reads; a bad shape names the field', () => {
    const doc = exported()
    expect(readExport({ ...doc, schema: 'skill-ab/export@9' })).toEqual({
      ok: false,
      error:
        'unknown export version "skill-ab/export@9": this app reads skill-ab/export@2 and skill-ab/export@1',
    })
    const bad = readExport({ ...asV1(doc), runs: 'none' })
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/^runs: /) })
  })
})

describe('readExport refuses a document no run of the app could have written', () => {
  let original: Record<string, unknown> | null = null
  beforeEach(() => {
    original = null
  })
  const tampered = (edit: (doc: Record<string, unknown>, runs: Record<string, unknown>[]) => void) => {
    original ??= exported()
    const doc = structuredClone(original)
    edit(doc, doc.runs as Record<string, unknown>[])
    const read = readExport(doc)
    return read.ok ? 'opened' : read.error
  }

  it('a score out of 0–100 or not finite, a negative cost, a run twice, a run outside its shard', () => {
    expect(tampered((_, runs) => (runs[0]!.score = -50))).toMatch(/^runs\.0\.score: /)
    expect(tampered((_, runs) => (runs[0]!.score = 1e308))).toMatch(/^runs\.0\.score: /)
    expect(tampered((_, runs) => (runs[0]!.costUsd = -1))).toMatch(/^runs\.0\.costUsd: /)
    expect(tampered((_, runs) => runs.push({ ...runs[0]! }))).toMatch(/^runs\.4: run id ".*" appears twice/)
    expect(tampered((_, runs) => runs.push({ ...runs[0]!, id: 'other' }))).toMatch(
      /^runs\.4: a second run of c1 · [ab] · round 1/,
    )
    const shard = {
      index: 1,
      count: 2,
      cases: ['c1'],
      taskCases: ['c1', 'c2'],
      configHash: 'h',
      casesHash: 'h',
    }
    const sharded = { ...shard, evaluators: [], rounds: 1, prices: { agent: null, judge: null } }
    expect(tampered((doc) => (doc.shard = sharded))).toMatch(
      /^runs\.\d: case "c2" is not in shard 1\/2's cases/,
    )
    expect(tampered((doc) => (doc.shard = { ...sharded, index: 3 }))).toMatch(
      /^shard: 3\/2 is not a shard of 2/,
    )
  })

  it('a task name holding a bidi override, ESC or BEL (a config with one is refused; the viewer showed it)', () => {
    const named = (name: string) => tampered((doc) => ((doc.task as { name: string }).name = name))
    expect(named('ab\u202Ecd')).toBe(
      'task.name: character 3 is not printable (U+202E): use letters, digits, spaces and punctuation only',
    )
    expect(named('\u001b[31mred')).toMatch(/^task\.name: character 1 is not printable \(U\+001B\)/)
    expect(named('ding\u0007')).toMatch(/^task\.name: character 5 is not printable \(U\+0007\)/)
    expect(named('n'.repeat(201))).toBe('task.name: is 201 characters long: use at most 200')
  })

  it('a document nested deeper than any export, without overflowing the stack', () => {
    let deep: unknown = {}
    for (let i = 0; i < 100_000; i++) deep = { x: deep }
    expect(tampered((doc) => (doc.task = deep))).toMatch(/nests deeper than 64 levels/)
  })
})
