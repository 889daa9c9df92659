// Adaptive rounds against fixed 3 rounds (docs/decision.md, "Adaptive rounds"): each scenario's seeded
// tasks decided both ways through the app's stats code; runs used, false-pass rate and power.
import { policySchema } from '../../src-shared/task-config'
import {
  ADAPTIVE_SCENARIOS,
  compareDesigns,
  type Comparison,
} from '../../src-main/stats/simulate-adaptive.fixture'

export function adaptiveBench(tasks: number): Record<keyof typeof ADAPTIVE_SCENARIOS, Comparison> {
  const policy = policySchema.parse({})
  const entries = Object.entries(ADAPTIVE_SCENARIOS).map(([name, model], i) => [
    name,
    compareDesigns(model, policy, { tasks, seed: 20_261_210 + i, rounds: 3, adaptive: { min: 1, max: 5 } }),
  ])
  return Object.fromEntries(entries) as Record<keyof typeof ADAPTIVE_SCENARIOS, Comparison>
}

/** One line per scenario, for the bench's printout. */
export function adaptiveLines(results: Record<string, Comparison>): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`
  return Object.entries(results).map(
    ([name, r]) =>
      `  ${name.padEnd(15)} runs ${r.adaptive.runsPerTask.toFixed(1)} vs ${r.fixed.runsPerTask} (${pct(r.runsSaved)} fewer); ` +
      `pass rate ${pct(r.adaptive.passRate)} vs ${pct(r.fixed.passRate)} (${r.tasks} tasks)`,
  )
}
