// --benchmark-json: the export in skill-creator's benchmark.json shape, valid against the schema
// transcribed from its references (resources/schemas/benchmark.schema.json), side a as without_skill.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv } from 'ajv'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openTempStore, type TempStore } from '../db/store.fixture'
import { buildTaskExport } from '../services/export-task'
import { exportToBenchmark } from './benchmark-json'
import { drive, findRun, seedExportTask } from './task.fixture'

const schemaFile = fileURLToPath(new URL('../../resources/schemas/benchmark.schema.json', import.meta.url))
const validate = new Ajv({ allErrors: true, allowUnionTypes: true }).compile(
  JSON.parse(readFileSync(schemaFile, 'utf8')),
)

let t: TempStore
beforeEach(() => {
  t = openTempStore()
})
afterEach(() => t.cleanup())

function benchmark() {
  const { task, runs } = seedExportTask(t.store, { cases: ['c1', 'c2'], rounds: 1 })
  drive(t.store, findRun(runs, 'c1', 'a', 1).id, 'scored', { score: 40, durationMs: 2000 })
  drive(t.store, findRun(runs, 'c1', 'b', 1).id, 'scored', { score: 80, durationMs: 3000 })
  drive(t.store, findRun(runs, 'c2', 'a', 1).id, 'scored', { score: 60, durationMs: 2000 })
  drive(t.store, findRun(runs, 'c2', 'b', 1).id, 'exec-failed')
  return exportToBenchmark(
    buildTaskExport(t.store, task.id, { opencodeVersion: null, app: '0.1.0', secrets: [] }),
  )
}

describe('exportToBenchmark', () => {
  it("is valid against skill-creator's benchmark.json schema", () => {
    const doc = benchmark()
    validate(doc)
    expect(validate.errors ?? []).toEqual([])
  })

  it('maps side a to without_skill and b to with_skill, a score to a pass rate, a failure to an error', () => {
    const doc = benchmark()
    expect(doc.metadata).toMatchObject({
      skill_name: 'pirate-speak',
      evals_run: [1, 2],
      runs_per_configuration: 1,
    })
    expect(doc.runs.map((r) => [r.eval_name, r.configuration, r.result.pass_rate, r.result.errors])).toEqual([
      ['c1', 'without_skill', 0.4, 0],
      ['c1', 'with_skill', 0.8, 0],
      ['c2', 'without_skill', 0.6, 0],
      ['c2', 'with_skill', 0, 1],
    ])
    expect(doc.run_summary.without_skill.pass_rate).toMatchObject({ mean: 0.5, min: 0.4, max: 0.6 })
    expect(doc.run_summary.delta).toMatchObject({ pass_rate: '-0.10' })
    expect(doc.notes[0]).toBe('Skill A/B verdict: inconclusive')
  })

  it('the schema refuses a configuration name the viewer does not know', () => {
    const doc = benchmark()
    const wrong = { ...doc, runs: doc.runs.map((r) => ({ ...r, configuration: 'b' })) }
    expect(validate(wrong)).toBe(false)
  })
})
