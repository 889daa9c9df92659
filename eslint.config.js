import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

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
  {
    files: ['src-renderer/**/*'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['electron', 'node:*', '../src-main/*', '**/src-main/**'] },
      ],
    },
  },
  {
    files: ['src-main/**/*', 'src-shared/**/*', 'test/**/*'],
    ignores: ['src-main/electron/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'] }] },
  },
  {
    files: ['src-shared/**/*'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['electron', 'node:*'] }] },
  },
  {
    files: ['bin/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
