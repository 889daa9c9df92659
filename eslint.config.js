import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'

/**
 * The layers, bottom to top (docs/architecture.md "Folders, bottom to top"): a folder may import the
 * folders before it, never one after it. A new folder is added here, once, where it belongs.
 */
export const LAYERS = [
  'src-shared',
  'src-main/stats',
  'src-main/demo',
  'src-main/os-processes',
  'src-main/db',
  'src-main/inputs',
  'src-main/agent',
  'src-main/judge',
  'src-main/engine',
  'src-main/export',
  'src-main/services',
  'src-main/api',
  'src-main/serve',
  'src-main/cli',
  'src-main/electron',
]
/** Where the app is entered: these call services/, never services/parts/. */
const FRONT_DOORS = ['src-main/api', 'src-main/serve', 'src-main/cli', 'src-main/electron']
/** The browser side: beside src-main, on src-shared only. */
const UI = ['src-renderer', 'src-preload']
/** Where no import cycle may be (test/ and scripts/ only import: nothing imports them back). */
const SOURCES = ['src-main', 'src-shared', 'src-renderer/src', 'src-preload'].map((d) => `${d}/**/*.{ts,tsx}`)

const short = (dir) => dir.replace(/^src-main\//, '')
const LAYER_ZONES = [
  ...LAYERS.flatMap((dir, i) =>
    LAYERS.slice(i + 1).map((above) => ({
      target: dir,
      from: above,
      message:
        `${short(dir)} is below ${short(above)} in the layer order (LAYERS in eslint.config.js, ` +
        `docs/architecture.md): move what both need down into ${short(dir)} or lower, ` +
        'or let the caller pass it in.',
    })),
  ),
  ...UI.map((dir) => ({
    target: dir,
    from: 'src-main',
    message: `${dir} imports no src-main: ask main through the IPC contract (src-shared/ipc.ts).`,
  })),
  // services/parts are the use cases' own helpers: a front door calls a use case (services/), not a part.
  ...FRONT_DOORS.map((dir) => ({
    target: dir,
    from: 'src-main/services/parts',
    message: `${short(dir)} calls the use cases in services/, not their parts (services/parts).`,
  })),
]

// Libraries and test code a folder may not import. Each restriction says what to do instead.
const NO_ELECTRON = {
  regex: '^electron(/|$)',
  message: 'Only src-main/electron talks to Electron: the domain runs under plain Node.',
}
const NO_NODE = {
  regex: '^node:',
  message: 'Runs in the browser (the renderer imports it): no Node built-ins; main does that work over IPC.',
}
const NO_TEST = {
  regex: '^(\\.\\./)+(test|e2e)(/|$)',
  message:
    'Shipped code never imports test/ or e2e/: move what it needs into src-main (the scripted model the demo ' +
    'uses lives in src-main/demo/scripted-llm) and let the tests import it from there.',
}
// Unit tests beside the code may use the shared test helpers (test/support), nothing else of test/.
const NO_TEST_BUT_SUPPORT = {
  regex: '^(\\.\\./)+(test/(?!support/)|e2e/)',
  message:
    'A unit test may import test/support helpers, not other test files: move the shared part to test/support.',
}

// Test-only modules (builders, fakes, a stub judge) are named `*.fixture.ts(x)`, beside the code they serve:
// tests import them, shipped code never (a fixture may import another).
const NO_FIXTURE = {
  regex: '\\.fixture(\\.tsx?)?$',
  message:
    'Shipped code never imports a test fixture (*.fixture.ts): it is test-only. Move what shipped code ' +
    'needs out of the fixture into a module of its own.',
}

const TESTS = '**/*.test.{ts,tsx}'
const FIXTURES = '**/*.fixture.{ts,tsx}'
/**
 * Config blocks restricting a folder's imports of libraries and test code. ESLint keeps only the last
 * `no-restricted-imports` that matches a file, so each folder's block lists every restriction that holds
 * there; its unit tests and fixtures get the same list with test/support and fixtures allowed.
 */
function restrict(dir, restrictions, ignores = []) {
  const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
  const withTests = restrictions
    .filter((r) => r !== NO_FIXTURE)
    .map((r) => (r === NO_TEST ? NO_TEST_BUT_SUPPORT : r))
  return [
    { files: [`${dir}/**/*`], ignores: [...ignores, TESTS, FIXTURES], rules: rule(restrictions) },
    { files: [`${dir}/${TESTS}`, `${dir}/${FIXTURES}`], ignores, rules: rule(withTests) },
  ]
}

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'reports/**', 'bench-results/**', 'test-results/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // One way to count a word (src-shared/plural.ts), not a suffix picked inline.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ConditionalExpression[test.right.value=1][consequent.value=''][alternate.value='s']",
          message: "a counted word: plural(n, 'word') from src-shared/plural.ts",
        },
      ],
    },
  },
  { files: ['src-renderer/**/*'], languageOptions: { globals: { ...globals.browser } } },
  ...restrict('src-renderer', [NO_ELECTRON, NO_NODE, NO_TEST, NO_FIXTURE]),
  ...restrict('src-shared', [NO_ELECTRON, NO_NODE, NO_TEST, NO_FIXTURE]),
  ...restrict('src-main', [NO_ELECTRON, NO_TEST, NO_FIXTURE], ['src-main/electron/**']),
  ...restrict('src-main/electron', [NO_TEST, NO_FIXTURE]),
  ...restrict('src-preload', [NO_FIXTURE]),
  ...restrict('test', [NO_ELECTRON]),
  // The layer order and no import cycle, on the resolved files (eslint-plugin-import-x). Shipped code only:
  // a unit test may reach up (an export test through services' export), and nothing imports a test back.
  // Only the project's own files are followed: a library cannot import the project back.
  {
    files: SOURCES,
    ignores: [TESTS],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYER_ZONES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['bin/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
