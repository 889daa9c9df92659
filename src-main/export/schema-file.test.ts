// resources/export.schema.json is the JSON Schema of the zod export schema, checked in; this keeps them equal.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { exportSchema } from '../../src-shared/export'

const FILE = fileURLToPath(new URL('../../resources/export.schema.json', import.meta.url))
const REGENERATE = 'UPDATE_SCHEMA=1 npx vitest run src-main/export/schema-file.test.ts'

/** The file's expected text: the generated JSON Schema, pretty-printed with 2 spaces and a final newline. */
function exportJsonSchemaText(): string {
  return `${JSON.stringify(z.toJSONSchema(exportSchema), null, 2)}\n`
}

describe('resources/export.schema.json', () => {
  it('equals z.toJSONSchema(exportSchema)', () => {
    const expected = exportJsonSchemaText()
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(FILE, expected)
    let actual: unknown = null
    try {
      actual = JSON.parse(readFileSync(FILE, 'utf8'))
    } catch {
      // missing or not JSON: reported below
    }
    // Compared as JSON values, so reformatting the file (prettier) does not matter; its content does.
    if (!isDeepStrictEqual(actual, JSON.parse(expected)))
      expect.fail(
        `resources/export.schema.json is out of date with src-shared/export.ts (or missing). Regenerate it with:\n  ${REGENERATE}\nand commit the result.`,
      )
  })

  it('describes the binding keys as required and extra fields as allowed', () => {
    const schema = JSON.parse(exportJsonSchemaText()) as {
      required: string[]
      additionalProperties: unknown
      properties: Record<string, { const?: unknown; required?: string[] }>
    }
    expect(schema.required).toEqual(
      expect.arrayContaining([
        'schema',
        'exportedAt',
        'task',
        'skillVersions',
        'environment',
        'runs',
        'cases',
        'decision',
      ]),
    )
    expect(schema.required).not.toContain('demo')
    expect(schema.additionalProperties).toEqual({})
    expect(schema.properties.schema?.const).toBe('skill-ab/export@2')
    expect(schema.properties.decision?.required).toEqual(
      expect.arrayContaining(['failures', 'trigger', 'pairwise', 'primary', 'warnings']),
    )
  })
})
