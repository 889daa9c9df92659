import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FIX_SKILL, fixTestModel, writeFixTestFiles } from './fix-test-scenario'

const dir = mkdtempSync(join(tmpdir(), 'fix-test-scenario-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const { datasetPath, queries } = writeFixTestFiles(dir)
const cases = readFileSync(datasetPath, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { id: string; prompt: string; files: Record<string, string> })

/** Writes a case's files into a folder of its own and runs its test there; the exit code. */
function runTest(id: string, files: Record<string, string>, testFile: string): number {
  const caseDir = mkdtempSync(join(dir, `${id}-`))
  for (const [name, content] of Object.entries(files)) writeFileSync(join(caseDir, name), content)
  try {
    execFileSync(process.execPath, [testFile], { cwd: caseDir, stdio: 'pipe' })
    return 0
  } catch (err) {
    return (err as { status: number }).status
  }
}

describe('the trigger bench fix-a-failing-test scenario', () => {
  it.each(cases.map((c) => [c.id, c] as const))(
    '%s: the test fails as shipped and passes after the scripted edit',
    (id, c) => {
      const script = fixTestModel.cases?.find((s) => c.prompt.includes(s.match))
      expect(script?.withSkill[0]).toEqual({ tool: 'skill', args: { name: FIX_SKILL } })
      const edit = script?.withSkill.find((s) => 'tool' in s && s.tool === 'edit')
      const { filePath, oldString, newString } = (edit as { args: Record<string, string> }).args
      const source = c.files[filePath as string] as string
      // opencode's edit needs exactly one match.
      expect(source.split(oldString as string)).toHaveLength(2)
      const testFile = Object.keys(c.files).find((f) => f.endsWith('.test.js')) as string
      expect(runTest(id, c.files, testFile)).not.toBe(0)
      const fixed = {
        ...c.files,
        [filePath as string]: source.replace(oldString as string, newString as string),
      }
      expect(runTest(`${id}-fixed`, fixed, testFile)).toBe(0)
    },
  )

  it('probes each case prompt as a query that selects only its own script', () => {
    expect(queries).toEqual(cases.map((c) => c.prompt))
    for (const q of queries) expect(fixTestModel.cases?.filter((s) => q.includes(s.match))).toHaveLength(1)
  })
})
