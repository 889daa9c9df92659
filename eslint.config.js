import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

// Layers: which folder may import what. Each restriction says what to do instead.
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
const STATS_PURE = {
  regex: '^\\.\\./(?!\\.\\./src-shared/)',
  message:
    'stats is pure: import from src-shared or a library, not another project folder (src-main/db, agent, engine…); ' +
    'let the caller pass the data in.',
}
const NO_AGENT = {
  regex: '^(\\.\\./)+agent(/|$)',
  message:
    'db imports no agent code: a type or rule both need belongs in src-shared (as src-shared/agent-event.ts, ' +
    'src-shared/provider-error.ts).',
}
const NO_CLI = {
  regex: '^(\\.\\./)+cli(/|$)',
  message: 'api does not import cli: move what both front doors need into services/, demo/ or src-shared.',
}
const NO_MAIN = {
  regex: '(^|/)src-main(/|$)',
  message: 'The renderer imports no src-main: ask main through the IPC contract (src-shared/ipc.ts).',
}

const TESTS = '**/*.test.{ts,tsx}'
/**
 * Config blocks restricting a folder's imports. ESLint keeps only the last `no-restricted-imports` that
 * matches a file, so each folder's block lists every restriction that holds there; its unit tests get the
 * same list with test/support allowed.
 */
function layer(dir, restrictions, ignores = []) {
  const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
  const withTests = restrictions.map((r) => (r === NO_TEST ? NO_TEST_BUT_SUPPORT : r))
  return [
    { files: [`${dir}/**/*`], ignores: [...ignores, TESTS], rules: rule(restrictions) },
    { files: [`${dir}/${TESTS}`], ignores, rules: rule(withTests) },
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
    },
  },
  { files: ['src-renderer/**/*'], languageOptions: { globals: { ...globals.browser } } },
  ...layer('src-renderer', [NO_ELECTRON, NO_NODE, NO_MAIN, NO_TEST]),
  ...layer('src-shared', [NO_ELECTRON, NO_NODE, NO_TEST]),
  ...layer('src-main', [NO_ELECTRON, NO_TEST], ['src-main/electron/**']),
  ...layer('src-main/electron', [NO_TEST]),
  ...layer('src-main/stats', [NO_ELECTRON, NO_TEST, STATS_PURE]),
  ...layer('src-main/db', [NO_ELECTRON, NO_TEST, NO_AGENT]),
  ...layer('src-main/api', [NO_ELECTRON, NO_TEST, NO_CLI]),
  ...layer('test', [NO_ELECTRON]),
  {
    files: ['bin/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
