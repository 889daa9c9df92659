// `npm run check`: every gate (build, typecheck, lint, unit + integration tests, e2e), then one closing
// line `N passed, N failed` computed from the test runners' JSON reports. A failed gate that is not a test
// runner (build, typecheck, lint) counts as one failed check. Gates in one stage run side by side (each
// is one process on one core); their output is printed whole when each ends.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

const stages = [
  [{ name: 'build', cmd: ['run', 'build'] }],
  [
    { name: 'typecheck', cmd: ['run', 'typecheck'] },
    { name: 'lint', cmd: ['run', 'lint'] },
  ],
  [{ name: 'test', cmd: ['run', 'test'], report: 'reports/vitest.json', kind: 'vitest' }],
  [{ name: 'test:e2e', cmd: ['run', 'test:e2e'], report: 'reports/playwright.json', kind: 'playwright' }],
]

let passed = 0
let failed = 0
const failures = []
for (const stage of stages) {
  const alone = stage.length === 1
  const results = await Promise.all(stage.map((gate) => runGate(gate, alone)))
  for (const [i, gate] of stage.entries()) {
    const { ok, output } = results[i]
    if (!alone) process.stdout.write(`\n=== ${gate.name} ===\n${output}`)
    process.stdout.write(
      `=== ${gate.name}: ${ok ? 'ok' : `FAILED (exit ${results[i].status})`} in ${results[i].seconds} s ===\n`,
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
}

/** Runs one gate: its output streams through when it runs alone, else it is kept for printing at its end. */
function runGate(gate, alone) {
  if (gate.report) rmSync(gate.report, { force: true })
  if (alone) process.stdout.write(`\n=== ${gate.name} ===\n`)
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn('npm', gate.cmd, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: process.env,
    })
    let output = ''
    child.stdout?.on('data', (c) => (output += c))
    child.stderr?.on('data', (c) => (output += c))
    child.on('close', (status) =>
      resolve({ ok: status === 0, status, output, seconds: ((Date.now() - started) / 1000).toFixed(1) }),
    )
  })
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
