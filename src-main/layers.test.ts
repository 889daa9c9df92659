// The layer rules in eslint.config.js: one ordered list (LAYERS) refuses every import of a folder above, an
// import cycle fails lint, and each other restriction is proved on one import placed where it is refused. A
// rule that is removed or stops matching fails here, and every allowed import stays allowed. docs/architecture.md
// names every source folder, in the same order.
import { ESLint } from 'eslint'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const configFile = join(root, 'eslint.config.js')
let eslint: ESLint
let LAYERS: string[]

/** The messages of `rules` ESLint gives for `import ... from '<from>'` in a file at `file`. */
async function messages(file: string, from: string, rules: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${from}'\nexport const y = x\n`, {
    filePath: join(root, file),
  })
  return result!.messages.filter((m) => rules.includes(m.ruleId ?? '')).map((m) => m.message)
}
const restrictions = (file: string, from: string) =>
  messages(file, from, ['no-restricted-imports', 'import-x/no-restricted-paths'])

/** One shipped module of `dir` (a file, not a test), as a path relative to the repo. */
function moduleOf(dir: string): string {
  const file = readdirSync(join(root, dir))
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|fixture)\./.test(f) && !f.endsWith('.d.ts'))
    .sort()[0]
  if (!file) throw new Error(`no module in ${dir}`)
  return `${dir}/${file.replace(/\.tsx?$/, '')}`
}

/** `to` as imported from a file in `dir` (both relative to the repo). */
function relativeImport(dir: string, to: string): string {
  const up = '../'.repeat(dir.split('/').length)
  return `${up}${to}`
}

beforeAll(async () => {
  // Cycles are proved on their own fixture below: following every import here would only slow these down.
  eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId !== 'import-x/no-cycle' })
  // A path in a variable: the config is plain JS, read at run time.
  ;({ LAYERS } = (await import(pathToFileURL(configFile).href)) as { LAYERS: string[] })
})

describe('the layer order', () => {
  it('lists every folder of src-main once, above src-shared', () => {
    const folders = readdirSync(join(root, 'src-main'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `src-main/${e.name}`)
    expect(LAYERS[0]).toBe('src-shared')
    expect([...LAYERS.slice(1)].sort()).toEqual(folders.sort())
  })

  // 2 × 91 lints, about 2 s; more on a busy machine.
  it(
    'refuses each import of a folder above, and allows each import of a folder below',
    { timeout: 30_000 },
    async () => {
      const refused: string[] = []
      const allowed: string[] = []
      for (const [i, low] of LAYERS.entries())
        for (const high of LAYERS.slice(i + 1)) {
          const down = await restrictions(`${high}/new.ts`, relativeImport(high, moduleOf(low)))
          if (down.length) allowed.push(`${high} → ${low}: ${down.join('; ')}`)
          const up = await restrictions(`${low}/new.ts`, relativeImport(low, moduleOf(high)))
          if (!up.some((m) => m.includes('in the layer order'))) refused.push(`${low} → ${high}`)
        }
      expect({ refused, allowed }).toEqual({ refused: [], allowed: [] })
    },
  )

  it.each([
    ['src-main/stats/new.ts', '../db/connection', 'stats is below db in the layer order'],
    ['src-main/stats/new.ts', '../engine/limiter', 'stats is below engine in the layer order'],
    ['src-main/db/new.ts', '../agent/types', 'db is below agent in the layer order'],
    ['src-main/os-processes/new.ts', '../db/connection', 'os-processes is below db in the layer order'],
    ['src-main/inputs/new.ts', '../agent/isolation/secret-values', 'inputs is below agent'],
    ['src-main/db/migrations/0099_new.ts', '../../agent/session/provider-retry', 'db is below agent'],
    ['src-main/inputs/new.ts', '../judge/condense', 'inputs is below judge'],
    ['src-main/api/new.ts', '../cli/commands/demo', 'api is below cli'],
    [
      'src-main/cli/new.ts',
      '../services/parts/task-plan',
      'cli calls the use cases in services/, not their parts',
    ],
    [
      'src-main/api/new.ts',
      '../services/parts/preflight',
      'api calls the use cases in services/, not their parts',
    ],
    ['src-shared/new.ts', '../src-main/stats/decide', 'src-shared is below stats'],
    ['src-renderer/src/new.tsx', '../../src-main/db/index', 'src-renderer imports no src-main'],
    ['src-preload/new.ts', '../src-main/api/host', 'src-preload imports no src-main'],
  ])('%s importing %s is refused: "%s…"', async (file, from, message) => {
    expect((await restrictions(file, from)).join('\n')).toContain(message)
  })

  it('binds shipped code only: a unit test may reach up', async () => {
    expect(await restrictions('src-main/export/new.test.ts', '../services/export-task')).toEqual([])
  })
})

describe('import cycles', () => {
  let fixture: string
  const lintFixture = async (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(fixture, path, '..'), { recursive: true })
      writeFileSync(join(fixture, path), text)
    }
    const linter = new ESLint({ cwd: fixture, overrideConfigFile: configFile })
    const results = await linter.lintFiles(Object.keys(files))
    return results
      .flatMap((r) =>
        r.messages
          .filter((m) => m.ruleId === 'import-x/no-cycle')
          .map((m) => `${r.filePath.slice(fixture.length + 1)}: ${m.message}`),
      )
      .sort()
  }
  beforeAll(() => {
    fixture = mkdtempSync(join(tmpdir(), 'skill-ab-layers-'))
  })
  afterAll(() => rmSync(fixture, { recursive: true, force: true }))

  it('fail lint, also through a .tsx module', async () => {
    expect(
      await lintFixture({
        'src-main/engine/a.ts': "import { b } from './b'\nexport const a = (): number => b() + 1\n",
        'src-main/engine/b.ts': "import { c } from './c'\nexport const b = (): number => c()\n",
        'src-main/engine/c.ts': "import { a } from './a'\nexport const c = (): number => (a ? 1 : 0)\n",
        'src-renderer/src/d.tsx': "import { e } from './e'\nexport const d = () => <p>{e}</p>\n",
        'src-renderer/src/e.ts': "import { d } from './d'\nexport const e = String(d)\n",
      }),
    ).toEqual([
      'src-main/engine/a.ts: Dependency cycle via "./c:1"',
      'src-main/engine/b.ts: Dependency cycle via "./a:1"',
      'src-main/engine/c.ts: Dependency cycle via "./b:1"',
      'src-renderer/src/d.tsx: Dependency cycle detected',
      'src-renderer/src/e.ts: Dependency cycle detected',
    ])
  })

  it('pass where the imports only go one way', async () => {
    expect(
      await lintFixture({
        'src-main/engine/f.ts': "import { g } from './g'\nexport const f = (): number => g() + 1\n",
        'src-main/engine/g.ts': 'export const g = (): number => 1\n',
      }),
    ).toEqual([])
  })
})

describe('other restrictions', () => {
  it.each([
    ['src-main/stats/new.ts', '../../test/support/tmpfs', 'Shipped code never imports test/'],
    [
      'src-main/cli/commands/new.ts',
      '../../../test/support/scripted-llm',
      'Shipped code never imports test/',
    ],
    ['src-main/electron/new.ts', '../../test/support/fake-electron', 'Shipped code never imports test/'],
    ['src-main/demo/new.ts', '../../e2e/support/serve', 'Shipped code never imports test/ or e2e/'],
    ['src-shared/new.ts', '../test/support/fixtures', 'Shipped code never imports test/'],
    ['src-renderer/src/new.tsx', '../../test/support/fixtures', 'Shipped code never imports test/'],
    ['src-main/db/new.test.ts', '../../test/run-task.test', 'A unit test may import test/support helpers'],
    ['src-main/engine/new.ts', 'electron', 'Only src-main/electron talks to Electron'],
    ['src-main/engine/new.test.ts', 'electron', 'Only src-main/electron talks to Electron'],
    ['test/new.test.ts', 'electron', 'Only src-main/electron talks to Electron'],
    ['src-shared/new.ts', 'node:fs', 'no Node built-ins'],
    ['src-renderer/src/new.tsx', 'node:path', 'no Node built-ins'],
    ['src-main/engine/new.ts', '../db/store.fixture', 'Shipped code never imports a test fixture'],
    ['src-main/electron/new.ts', './fake-electron.fixture', 'Shipped code never imports a test fixture'],
    ['src-main/agent/session/new.ts', './session-ending.fixture.ts', 'never imports a test fixture'],
    ['src-renderer/src/new.tsx', './testing/render.fixture', 'Shipped code never imports a test fixture'],
    ['src-shared/new.ts', '../src-renderer/src/testing/views.fixture', 'never imports a test fixture'],
  ])('%s importing %s is refused: "%s…"', async (file, from, message) => {
    expect((await restrictions(file, from)).join('\n')).toContain(message)
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
    ['src-main/engine/new.test.ts', '../db/store.fixture'],
    ['src-main/services/new.fixture.ts', '../export/task.fixture'],
    ['src-renderer/src/new.test.tsx', './testing/render.fixture'],
    ['test/new.test.ts', '../src-main/services/judge-stub.fixture'],
  ])('%s may import %s', async (file, from) => {
    expect(await restrictions(file, from)).toEqual([])
  })
})

describe('test fixtures', () => {
  /** Every source file under `dir`, relative to the repo. */
  const filesUnder = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? filesUnder(`${dir}/${e.name}`)
        : /\.(tsx?|mjs)$/.test(e.name)
          ? [`${dir}/${e.name}`]
          : [],
    )
  /** The file a relative specifier in `from` names, if it is one of `known`. */
  const target = (from: string, spec: string, known: Set<string>): string | undefined => {
    const base = relative(root, join(root, dirname(from), spec))
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => known.has(f))
  }

  it('are the modules only tests import, each named *.fixture.ts(x) (shipped code cannot import one)', () => {
    const shipped = ['src-main', 'src-shared', 'src-renderer/src', 'src-preload'].flatMap(filesUnder)
    const all = [
      ...shipped,
      ...['test', 'e2e', 'scripts'].filter((d) => existsSync(join(root, d))).flatMap(filesUnder),
    ]
    const known = new Set(all)
    const importers = new Map<string, string[]>()
    for (const file of all)
      for (const [, spec] of readFileSync(join(root, file), 'utf8').matchAll(
        /(?:from|import\(|mock\()\s*'(\.[^']+)'/g,
      )) {
        const to = target(file, spec!, known)
        if (to) importers.set(to, [...(importers.get(to) ?? []), file])
      }
    const testOnly = (f: string) => /\.(test|fixture|spec)\.tsx?$/.test(f) || /^(test|e2e|scripts)\//.test(f)
    const unnamed = shipped.filter(
      (f) => !testOnly(f) && importers.get(f)?.length && importers.get(f)!.every(testOnly),
    )
    expect(unnamed).toEqual([])
  })
})

describe('docs/architecture.md', () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8')

  /** `dir` and every folder under it, relative to the repo. */
  const foldersUnder = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .flatMap((e) => [`${dir}/${e.name}`, ...foldersUnder(`${dir}/${e.name}`)])

  it('names every source folder (a newcomer finds where a thing goes)', () => {
    const folders = [
      'src-main',
      'src-shared',
      'src-preload',
      'src-renderer',
      ...foldersUnder('src-main'),
      ...foldersUnder('src-renderer/src'),
    ]
    expect(folders.filter((f) => !doc.includes(`\`${f}/\``))).toEqual([])
  })

  it('lists the layers in the order the lint enforces', () => {
    const rows = [...doc.matchAll(/^\| `([^`]+)\/` +\|/gm)].map((m) => m[1])
    expect(rows.filter((f) => LAYERS.includes(f!))).toEqual(LAYERS)
  })
})
