// resources/export.schema.json and resources/triggers.schema.json are the JSON Schemas of the zod export
// schemas, checked in; this keeps them equal.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { exportSchema } from '../../src-shared/export'
import { triggersExportSchema } from '../../src-shared/triggers-export'

const REGENERATE = 'UPDATE_SCHEMA=1 npx vitest run src-main/export/schema-file.test.ts'

/** The file's expected text: the generated JSON Schema, pretty-printed with 2 spaces and a final newline. */
function jsonSchemaText(schema: z.ZodType): string {
  return `${JSON.stringify(z.toJSONSchema(schema), null, 2)}\n`
}
const exportJsonSchemaText = (): string => jsonSchemaText(exportSchema)

describe.each([
  { file: 'export.schema.json', source: 'src-shared/export.ts', schema: exportSchema },
  { file: 'triggers.schema.json', source: 'src-shared/triggers-export.ts', schema: triggersExportSchema },
])('resources/$file', ({ file, source, schema }) => {
  it(`equals z.toJSONSchema of ${source}`, () => {
    const path = fileURLToPath(new URL(`../../resources/${file}`, import.meta.url))
    const expected = jsonSchemaText(schema)
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(path, expected)
    let actual: unknown = null
    try {
      actual = JSON.parse(readFileSync(path, 'utf8'))
    } catch {
      // missing or not JSON: reported below
    }
    // Compared as JSON values, so reformatting the file (prettier) does not matter; its content does.
    if (!isDeepStrictEqual(actual, JSON.parse(expected)))
      expect.fail(
        `resources/${file} is out of date with ${source} (or missing). Regenerate it with:\n  ${REGENERATE}\nand commit the result.`,
      )
  })
})

describe('resources/export.schema.json', () => {
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
