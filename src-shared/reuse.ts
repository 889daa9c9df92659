// What baseline reuse saved a task (README "Baseline reuse"), and the one sentence the CLI and the app say it in.
import { formatDollars } from './spend-format'
import { plural } from './plural'

/** Side-a runs linked to earlier tasks' executions instead of executed, and the dollars that saved. */
export interface ReuseSavings {
  runs: number
  /** Of those, runs whose judge results were copied (not judged again). */
  judged: number
  /** Their agent dollars and the copied judgements' dollars. */
  usd: number
  /** Runs or copied judgements whose price was unknown (their dollars are not in `usd`). */
  unpriced: number
}

export const NO_SAVINGS: ReuseSavings = { runs: 0, judged: 0, usd: 0, unpriced: 0 }

/** `reused 6 baseline runs of earlier tasks (4 with their judge results): saved $0.0123`; null when none. */
export function reuseText(s: ReuseSavings): string | null {
  if (s.runs === 0) return null
  const runs = plural(s.runs, 'baseline run')
  // Nothing priced: the dollars are unknown (—), not zero.
  const costUsd = s.usd > 0 || s.unpriced === 0 ? s.usd : null
  const dollars = formatDollars({ costUsd, unpriced: s.unpriced })
  return `reused ${runs} of earlier tasks (${s.judged} with their judge results): saved ${dollars}`
}
