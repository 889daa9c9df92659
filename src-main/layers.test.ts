// The layer rules in eslint.config.js, proved on one import placed in each restricted folder: a rule that
// is removed or stops matching fails here, and every allowed import stays allowed.
import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
let eslint: ESLint

/** The no-restricted-imports messages ESLint gives for `import ... from '<from>'` in a file at `file`. */
async function restrictions(file: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${from}'\nexport const y = x\n`, {
    filePath: `${root}${file}`,
  })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

describe('layer rules', () => {
  it.each([
    ['src-main/stats/new.ts', '../db', 'stats is pure: import from src-shared or a library'],
    ['src-main/stats/new.ts', '../engine/plan', 'stats is pure'],
    ['src-main/stats/new.ts', '../../test/support/tmpfs', 'Shipped code never imports test/'],
    ['src-main/db/new.ts', '../agent/types', 'db imports no agent code'],
    ['src-main/db/migrations/0099_new.ts', '../../agent/provider-error', 'db imports no agent code'],
    [
      'src-main/cli/commands/new.ts',
      '../../../test/support/scripted-llm',
      'Shipped code never imports test/',
    ],
    ['src-main/electron/new.ts', '../../test/support/fake-electron', 'Shipped code never imports test/'],
    ['src-main/demo/new.ts', '../../e2e/support/serve', 'Shipped code never imports test/ or e2e/'],
    ['src-shared/new.ts', '../test/support/fixtures', 'Shipped code never imports test/'],
    ['src-renderer/src/new.tsx', '../../test/support/fixtures', 'Shipped code never imports test/'],
    ['src-renderer/src/new.tsx', '../../src-main/db', 'The renderer imports no src-main'],
    ['src-main/api/new.ts', '../cli/commands/demo', 'api does not import cli'],
    ['src-main/db/new.test.ts', '../../test/run-task.test', 'A unit test may import test/support helpers'],
    ['src-main/engine/new.ts', 'electron', 'Only src-main/electron talks to Electron'],
    ['src-shared/new.ts', 'node:fs', 'no Node built-ins'],
  ])('%s importing %s is refused: "%s…"', async (file, from, message) => {
    const messages = await restrictions(file, from)
    expect(messages.join('\n')).toContain(message)
  })

  it.each([
    ['src-main/stats/new.ts', '../../src-shared/decision'],
    ['src-main/stats/new.ts', './resampling'],
    ['src-main/stats/new.ts', 'jstat'],
    ['src-main/db/new.ts', '../../src-shared/agent-event'],
    ['src-main/db/storage-faults.test.ts', '../../test/support/tmpfs'],
    ['src-main/cli/commands/new.ts', '../../demo/scripted-llm'],
    ['src-main/api/new.ts', '../demo/demo-model-server'],
    ['src-main/electron/new.ts', 'electron'],
    ['src-renderer/src/new.tsx', '../../src-shared/ipc'],
    ['test/new.test.ts', '../src-main/demo/scripted-llm'],
  ])('%s may import %s', async (file, from) => {
    expect(await restrictions(file, from)).toEqual([])
  })
})
