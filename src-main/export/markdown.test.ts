// The markdown summary: title with verdict, per-case rows with 1-decimal scores and Δ, dimensions, reasons.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../db'
import { openTempStore, type TempStore } from '../db/store.fixture'
import { buildTaskExport } from '../services/export-task'
import { cell, exportToMarkdown } from './markdown'
import { drive, findRun, seedExportTask } from './task.fixture'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

const env = { opencodeVersion: '1.18.33', app: '0.1.0', secrets: [] }

describe('exportToMarkdown', () => {
  it('says what baseline reuse saved, apart from the spend, and nothing when no run was reused', () => {
    const { task } = seedExportTask(store, { cases: ['c1'], rounds: 1 })
    const doc = buildTaskExport(store, task.id, env)
    expect(doc.reused).toEqual({ runs: 0, judged: 0, usd: 0, unpriced: 0 })
    expect(exportToMarkdown(doc)).not.toContain('Baseline reuse')
    const reused = { runs: 3, judged: 2, usd: 0.5, unpriced: 0 }
    expect(exportToMarkdown({ ...doc, reused })).toContain(
      'Baseline reuse: reused 3 baseline runs of earlier tasks (2 with their judge results): saved $0.5000 (not in the spend above).',
    )
  })

  it('summarises a task: title, per-case table, dimensions with CIs, reasons', () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1', 'c|2'], rounds: 1 })
    drive(store, findRun(runs, 'c1', 'a', 1).id, 'scored', { score: 62.25 })
    drive(store, findRun(runs, 'c1', 'b', 1).id, 'scored', { score: 70 })
    drive(store, findRun(runs, 'c|2', 'a', 1).id, 'scored', { score: 50 })
    drive(store, findRun(runs, 'c|2', 'b', 1).id, 'exec-failed')
    const doc = buildTaskExport(store, task.id, env)
    const md = exportToMarkdown(doc)
    expect(md.split('\n')[0]).toBe(
      '## Skill A/B · pirate v2 vs none: no skill (a) vs pirate-speak v2 (b) — inconclusive',
    )
    expect(md).toContain('**Verdict: INCONCLUSIVE')
    expect(md).toContain('| case | a score | b score | Δ | a status | b status | b used the skill |')
    expect(md).toContain('| c1 | 62.3 | 70.0 | +7.8 | scored | scored | — |')
    // c|2's b run failed by the agent's own error: it scores 0 in the decision, and in the case table too.
    expect(md).toContain('| c\\|2 | 50.0 | 0.0 | −50.0 | scored | failed | — |')
    expect(md).toContain('| capability (b − a, points) | −21.1 | [−388.0, +345.8] | 2 | **inconclusive** |')
    expect(md).toContain('| cost (tokens, b ÷ a) |')
    expect(md).toContain('| stability (sd b − sd a, points) |')
    expect(md).toContain(
      '| failures (share of runs failed by the agent, b − a, points; b 1 of 2, a 0 of 2) | +50.0 | [−100.0, +100.0] | 2 | **inconclusive** |',
    )
    expect(md).toContain('| trigger: b invoked the skill (share of runs) | — | — | 0 runs | — |')
    expect(md).not.toContain('| pairwise')
    expect(md).toContain('95% CI')
    for (const reason of doc.decision.reasons) expect(md).toContain(`- ${reason}`)
    expect(md).toContain('### Warnings\n\n- **judge-same-model**: judge.model: the judge uses')
    expect(md).not.toContain('Demo')
  })

  it("marks per case how many of b's rounds invoked the skill, and lists the low-trigger-rate warning", () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1', 'c2'], rounds: 3, baseline: true })
    for (const r of runs) drive(store, r.id, 'scored', { score: r.side === 'a' ? 50 : 60 })
    const loaded: Record<string, boolean[]> = { c1: [true, false, false], c2: [false, false, false] }
    for (const r of runs)
      if (r.side === 'b') store.runs.update(r.id, { skillLoaded: loaded[r.caseKey]?.[r.round - 1] ?? null })
    const md = exportToMarkdown(buildTaskExport(store, task.id, env))
    expect(md).toContain('| c1 | 50.0 | 60.0 | +10.0 | scored | scored | 1/3 |')
    expect(md).toContain('| c2 | 50.0 | 60.0 | +10.0 | scored | scored | 0/3 |')
    expect(md).toContain('| trigger: b invoked the skill (share of runs) | 17% | [3%, 56%] | 6 runs | — |')
    expect(md).toContain('| trigger: a invoked the skill (share of runs) | — | — | 0 runs | — |')
    expect(md).toMatch(
      /### Warnings\n\n- \*\*judge-same-model\*\*: .*\n- \*\*low-trigger-rate\*\*: side b invoked the skill in 1 of 6 runs \(17%\), below minTriggerRate 50%/,
    )
  })

  it('pairwise beside the pointwise verdict, and the failure rates, in the decision table', () => {
    const { task } = seedExportTask(store)
    const doc = buildTaskExport(store, task.id, env)
    doc.decision.pairwise = {
      verdict: 'pass',
      wins: 8,
      losses: 1,
      ties: 1,
      pValue: 0.0390625,
      n: 10,
      comparisons: 20,
      flipped: 3,
      perCase: [],
    }
    Object.assign(doc.decision.failures, {
      diff: 1,
      ciLow: 1,
      ciHigh: 1,
      failuresB: 6,
      runsB: 6,
      runsA: 6,
      n: 6,
    })
    doc.decision.failures.verdict = 'reject'
    const md = exportToMarkdown(doc)
    expect(md).toContain('| capability (b − a, points, primary) |')
    expect(md).toContain(
      '| pairwise (cases b won / lost / tied, shown beside) | 8 / 1 / 1 | p = 0.0391 | 10 | **pass** |',
    )
    expect(md).toContain(
      '| failures (share of runs failed by the agent, b − a, points; b 6 of 6, a 0 of 6) | +100.0 | [+100.0, +100.0] | 6 | **reject** |',
    )
  })

  it('shows estimates with signed CIs, cases needed, and the demo label', () => {
    const { task } = seedExportTask(store)
    const doc = buildTaskExport(store, task.id, { ...env, demo: true })
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

  it('a Spend table: per side, the judge and the total, by token kind, with dollars and wall time', () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1'], rounds: 1 })
    drive(store, findRun(runs, 'c1', 'a', 1).id, 'scored', { costUsd: 0.01, durationMs: 2000 })
    drive(store, findRun(runs, 'c1', 'b', 1).id, 'scored', { costUsd: null, durationMs: 3000 })
    const md = exportToMarkdown(buildTaskExport(store, task.id, env))
    expect(md).toContain('### Spend')
    expect(md).toContain('| a | 1 run | 1,000 | 500 | 300 | 100 | 50 | 50 | $0.0100 | 2.0 s |')
    expect(md).toContain('| b | 1 run | 1,000 | 500 | 300 | 100 | 50 | 50 | — | 3.0 s |')
    expect(md).toContain('| judge | 0 judgements | 0 | 0 | 0 | 0 | 0 | 0 | — | — |')
    expect(md).toContain(
      '| total |  | 2,000 | 1,000 | 600 | 200 | 100 | 100 | ≥ $0.0100 (1 unpriced) | 5.0 s |',
    )
  })

  it('escapes table cells', () => {
    expect(cell('a|b\nc')).toBe('a\\|b c')
  })
})
