// The demo's wall time as a newcomer meets it: `skill-ab demo` (the bundled skill, five cases × 2 rounds, the
// real opencode and the bundled scripted model) in a fresh data dir, start to exit. The home screen says the
// demo takes "under half a minute"; this is the figure behind those words.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The demo's stated bound (src-renderer/src/screens/TasksScreen.tsx). */
export const DEMO_GOAL_MS = 30_000

export function demoBench({ root, times = 1 }) {
  const runs = []
  for (let i = 0; i < times; i++) {
    const home = mkdtempSync(join(tmpdir(), 'skill-ab-bench-demo-'))
    const started = performance.now()
    const r = spawnSync(process.execPath, [join(root, 'bin', 'skill-ab.cjs'), 'demo'], {
      env: { ...process.env, SKILL_AB_HOME: home },
      encoding: 'utf8',
      timeout: 10 * 60_000,
    })
    const ms = Math.round(performance.now() - started)
    rmSync(home, { recursive: true, force: true })
    // The demo's verdict is a reject (exit 1): any other exit is a broken demo, not a time.
    if (r.status !== 1) throw new Error(`skill-ab demo exited ${r.status}: ${String(r.stderr).slice(-2000)}`)
    runs.push(ms)
  }
  const sorted = [...runs].sort((x, y) => x - y)
  return { runs, medianMs: sorted[Math.floor(sorted.length / 2)], goalMs: DEMO_GOAL_MS }
}
