// The JUnit report: a verdict test case that fails on reject (skipped when inconclusive), one test case per
// case with its a/b scores, valid XML whatever the task and case names hold.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../db'
import { openTempStore, type TempStore } from '../db/store.fixture'
import { buildTaskExport } from '../services/export-task'
import { exportToJunit } from './junit'
import { drive, findRun, seedExportTask } from './task.fixture'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

const env = { opencodeVersion: '1.18.33', app: '0.1.0', secrets: [] }

describe('exportToJunit', () => {
  it('one test case per case with its scores and lift, and the verdict; unscored cases are skipped', () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1', 'c<2>'], rounds: 1 })
    drive(store, findRun(runs, 'c1', 'a', 1).id, 'scored', { score: 62.25 })
    drive(store, findRun(runs, 'c1', 'b', 1).id, 'scored', { score: 70 })
    drive(store, findRun(runs, 'c<2>', 'a', 1).id, 'scored', { score: 50 })
    const doc = buildTaskExport(store, task.id, env)
    const xml = exportToJunit(doc)
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="skill-ab" tests="3" failures="0" errors="0">\n {2}<testsuite name="pirate v2 vs none" tests="3" failures="0" errors="0" skipped="2"/,
    )
    expect(xml).toContain(
      '<testcase classname="pirate v2 vs none.cases" name="c1"><system-out>a 62.3 (scored), b 70.0 (scored), lift 7.8</system-out></testcase>',
    )
    expect(xml).toContain(
      'name="c&lt;2&gt;"><skipped message="not scored on both sides: a 50.0 (scored), b – (pending)"/>',
    )
    // Two cases cannot decide anything: inconclusive is skipped, never a pass.
    expect(xml).toMatch(
      /<testcase classname="pirate v2 vs none" name="verdict"><skipped message="inconclusive: /,
    )
  })

  it('a reject fails the verdict test case with the reasons; a pass does not fail', () => {
    const { task } = seedExportTask(store, { cases: ['c1'], rounds: 1 })
    const doc = buildTaskExport(store, task.id, env)
    const reject = {
      ...doc,
      decision: {
        ...doc.decision,
        verdict: 'reject' as const,
        reasons: ['overall: reject — cost', 'cost: 1.6×'],
      },
    }
    const failing = exportToJunit(reject)
    expect(failing).toContain('failures="1"')
    expect(failing).toContain(
      '<failure message="reject: overall: reject — cost" type="reject">overall: reject — cost\ncost: 1.6×</failure>',
    )
    const pass = exportToJunit({ ...doc, decision: { ...doc.decision, verdict: 'pass' as const } })
    expect(pass).toContain('failures="0"')
    expect(pass).not.toMatch(/<failure|name="verdict"><skipped/)
  })

  it('stays well-formed XML whatever the names hold (quotes, ampersands, control characters)', () => {
    const { task } = seedExportTask(store, { cases: ['a"&b'], rounds: 1 })
    const doc = buildTaskExport(store, task.id, env)
    const xml = exportToJunit({ ...doc, task: { ...doc.task, name: 'x & "y"\u0001' } })
    expect(xml).toContain('<testsuite name="x &amp; &quot;y&quot;\uFFFD"')
    expect(xml).toContain('name="a&quot;&amp;b"')
    expect(xml).not.toContain('\u0001')
  })
})
