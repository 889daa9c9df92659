// The JUnit report is valid against the JUnit XSD CI servers read it with (resources/schemas/junit.xsd,
// checked by libxml2's xmllint built to WebAssembly), for a pass, a reject and an inconclusive verdict.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { validateXML } from 'xmllint-wasm'
import { openTempStore, type TempStore } from '../db/store.fixture'
import { buildTaskExport } from '../services/export-task'
import { exportToJunit } from './junit'
import { drive, findRun, seedExportTask } from './task.fixture'

const XSD = readFileSync(fileURLToPath(new URL('../../resources/schemas/junit.xsd', import.meta.url)), 'utf8')

let t: TempStore
beforeEach(() => {
  t = openTempStore()
})
afterEach(() => t.cleanup())

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'report.xml', contents: xml }], schema: [XSD] })
  return result.errors.map((e) => e.rawMessage)
}

describe('the JUnit report against the JUnit XSD', () => {
  it('is valid for every verdict, with unscored cases and names that need escaping', async () => {
    const { task, runs } = seedExportTask(t.store, { cases: ['c1', 'c<2>&"x"'], rounds: 1 })
    drive(t.store, findRun(runs, 'c1', 'a', 1).id, 'scored', { score: 40 })
    drive(t.store, findRun(runs, 'c1', 'b', 1).id, 'scored', { score: 80 })
    const doc = buildTaskExport(t.store, task.id, { opencodeVersion: null, app: '0.1.0', secrets: [] })
    for (const verdict of ['pass', 'reject', 'inconclusive'] as const) {
      const xml = exportToJunit({
        ...doc,
        decision: { ...doc.decision, verdict, reasons: [`overall: ${verdict} <&>`] },
      })
      expect({ verdict, errors: await schemaErrors(xml) }).toEqual({ verdict, errors: [] })
    }
  })

  it('the check finds a report the schema refuses', async () => {
    expect(
      await schemaErrors('<testsuites><testsuite name="x"><testcase/></testsuite></testsuites>'),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/tests.*required|name.*required/)]))
  })
})
