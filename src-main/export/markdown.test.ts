// The markdown summary: title with verdict, per-case rows with 1-decimal scores and Δ, dimensions, reasons.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../db'
import { openTempStore, type TempStore } from '../db/testing'
import { buildExport } from './build-export'
import { cell, exportToMarkdown } from './markdown'
import { drive, findRun, seedExportTask } from './test-fixtures'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

const env = { opencodeVersion: '1.18.33', app: '0.1.0', secrets: [] }

describe('exportToMarkdown', () => {
  it('summarises a task: title, per-case table, dimensions with CIs, reasons', () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1', 'c|2'], rounds: 1 })
    drive(store, findRun(runs, 'c1', 'a', 1).id, 'scored', { score: 62.25 })
    drive(store, findRun(runs, 'c1', 'b', 1).id, 'scored', { score: 70 })
    drive(store, findRun(runs, 'c|2', 'a', 1).id, 'scored', { score: 50 })
    drive(store, findRun(runs, 'c|2', 'b', 1).id, 'exec-failed')
    const doc = buildExport(store, task.id, env)
    const md = exportToMarkdown(doc)
    expect(md.split('\n')[0]).toBe(
      '## Skill A/B · pirate v2 vs none: no skill (a) vs pirate-speak v2 (b) — inconclusive',
    )
    expect(md).toContain('**Verdict: INCONCLUSIVE')
    expect(md).toContain('| case | a score | b score | Δ | a status | b status |')
    expect(md).toContain('| c1 | 62.3 | 70.0 | +7.8 | scored | scored |')
    expect(md).toContain('| c\\|2 | 50.0 | — | — | scored | failed |')
    // c|2's b run failed by the agent's own error: it scores 0 in the decision (the case table shows scored rounds only).
    expect(md).toContain('| capability (b − a, points) | −21.1 | [−388.0, +345.8] | 2 | **inconclusive** |')
    expect(md).toContain('| cost (tokens, b ÷ a) |')
    expect(md).toContain('| stability (sd b − sd a, points) |')
    expect(md).toContain('95% CI')
    for (const reason of doc.decision.reasons) expect(md).toContain(`- ${reason}`)
    expect(md).not.toContain('Demo')
  })

  it('shows estimates with signed CIs, cases needed, and the demo label', () => {
    const { task } = seedExportTask(store)
    const doc = buildExport(store, task.id, { ...env, demo: true })
    doc.decision.verdict = 'pass'
    Object.assign(doc.decision.capability, { estimate: 12.5, ciLow: 4.1, ciHigh: 20.94, n: 8 })
    Object.assign(doc.decision.cost, { ratio: 1.123, ciLow: 1.01, ciHigh: 1.19, n: 8 })
    Object.assign(doc.decision.stability, { estimate: -1.5, ciLow: -4, ciHigh: 1, n: 8 })
    doc.decision.casesNeeded = { cases: 14, rounds: 3 }
    const md = exportToMarkdown(doc)
    expect(md).toContain('**Verdict: PASS')
    expect(md).toContain('| capability (b − a, points) | +12.5 | [+4.1, +20.9] | 8 |')
    expect(md).toContain('| cost (tokens, b ÷ a) | ×1.12 | [×1.01, ×1.19] | 8 |')
    expect(md).toContain('| stability (sd b − sd a, points) | −1.5 | [−4.0, +1.0] | 8 |')
    expect(md).toContain('about **14 cases × 3 rounds**')
    expect(md).toContain('> Demo:')
  })

  it('escapes table cells', () => {
    expect(cell('a|b\nc')).toBe('a\\|b c')
  })
})
