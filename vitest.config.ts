import { defineConfig } from 'vitest/config'

// Unit tests sit beside the code and run in parallel; integration tests (real opencode + scripted LLM)
// live under test/ and run one file at a time: opencode start-up is CPU-bound on 2 cores.
export default defineConfig({
  test: {
    passWithNoTests: true,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src-*/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.slow.test.ts'],
          fileParallelism: false,
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/support/setup-integration.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
