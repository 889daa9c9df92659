// The rules of eslint.config.js beside the layers (src-main/layers.test.ts): each refuses what it is for.
import { ESLint } from 'eslint'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

it('one way to count a word: lint refuses `n === 1 ? "" : "s"` for plural() of src-shared/plural.ts', async () => {
  const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax' })
  const code = "export const said = (n: number) => `${n} file${n === 1 ? '' : 's'}`\n"
  const [result] = await eslint.lintText(code, { filePath: join(root, 'src-main/inputs/said.ts') })
  expect(result!.messages.map((m) => m.message)).toEqual([
    "a counted word: plural(n, 'word') from src-shared/plural.ts",
  ])
})
