// `npm run check`: every gate in sequence (build, typecheck, lint, unit + integration tests, e2e), then one
// closing line `N passed, N failed` computed from the test runners' JSON reports. A failed gate that is not
// a test runner (build, typecheck, lint) counts as one failed check.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

const gates = [
  { name: 'build', cmd: ['run', 'build'] },
  { name: 'typecheck', cmd: ['run', 'typecheck'] },
  { name: 'lint', cmd: ['run', 'lint'] },
  { name: 'test', cmd: ['run', 'test'], report: 'reports/vitest.json', kind: 'vitest' },
  { name: 'test:e2e', cmd: ['run', 'test:e2e'], report: 'reports/playwright.json', kind: 'playwright' },
]

let passed = 0
let failed = 0
const failures = []
for (const gate of gates) {
  if (gate.report) rmSync(gate.report, { force: true })
  process.stdout.write(`\n=== ${gate.name} ===\n`)
  const started = Date.now()
  const res = spawnSync('npm', gate.cmd, { stdio: 'inherit', env: process.env })
  const ok = res.status === 0
  process.stdout.write(
    `=== ${gate.name}: ${ok ? 'ok' : `FAILED (exit ${res.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s ===\n`,
  )
  if (gate.report) {
    const counts = readCounts(gate)
    passed += counts.passed
    failed += counts.failed
    if (!ok && counts.failed === 0) failed += 1
  } else if (ok) passed += 1
  else failed += 1
  if (!ok) failures.push(gate.name)
}

function readCounts(gate) {
  if (!existsSync(gate.report)) return { passed: 0, failed: 0 }
  const r = JSON.parse(readFileSync(gate.report, 'utf8'))
  if (gate.kind === 'vitest') return { passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0 }
  const s = r.stats ?? {}
  return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0) }
}

if (failures.length) process.stdout.write(`\nfailed gates: ${failures.join(', ')}\n`)
process.stdout.write(`${passed} passed, ${failed} failed\n`)
process.exit(failures.length ? 1 : 0)
