import { defineConfig } from 'vitest/config'

// Long fault and soak suites: `npm run test:slow`, run by hand before resolving issues that ask for them.
export default defineConfig({
  test: {
    passWithNoTests: true,
    include: ['test/**/*.slow.test.ts'],
    fileParallelism: false,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/support/setup-integration.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 300_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest-slow.json' }]],
  },
})
