// A task's estimate before it runs (docs/decision.md "Estimate"): tokens, dollars and wall time of the
// whole task and of what is left, and what the figures are based on. Shown by `run` and the setup screen.
import { formatCount, formatUsd, formatWall } from './spend-format'
import type { Side } from './run-state'

/** Where the per-run figures come from: this task's executed runs (a trial), earlier tasks' runs, nothing. */
export type EstimateBasis = 'task' | 'history' | 'none'

export interface EstimateFigures {
  /** Agent executions. */
  runs: number
  /** Agent and judge tokens; null without a basis. */
  tokens: number | null
  /** Agent and judge dollars; null without a basis or with a price unknown. */
  usd: number | null
  /** Agent wall time at the task's concurrency; null without a basis. */
  wallSeconds: number | null
}

/** What one run of a side is projected to cost, its judging included. */
export interface RunProjection {
  tokens: number
  /** Agent and judge dollars of one run; null with a price unknown. */
  usd: number | null
  /** Of which the judge's. */
  judgeUsd: number | null
  seconds: number
}

export interface Estimate {
  basis: EstimateBasis
  /** One sentence: which runs the figures come from, or what to do to get some. */
  basedOn: string
  /** Executed runs the per-run figures average. */
  sampleRuns: number
  full: EstimateFigures
  left: EstimateFigures
  /** Per side; null without a basis. */
  perRun: Record<Side, RunProjection> | null
  /** Models whose prices are unknown (their dollars cannot be estimated). */
  unpriced: ('agent' | 'judge')[]
}

const usd = (x: number | null): string => (x === null ? '$?' : formatUsd(x))

/** `12 runs: ~34,000 tokens, ~$0.12, ~1 min 05 s`. */
export function formatFigures(f: EstimateFigures): string {
  if (f.tokens === null) return `${f.runs} runs`
  const wall = f.wallSeconds === null ? '' : `, ~${formatWall(f.wallSeconds)}`
  return `${f.runs} runs: ~${formatCount(f.tokens)} tokens, ~${usd(f.usd)}${wall}`
}

/** The estimate as the CLI prints it and the setup screen shows it (two lines). */
export function estimateLines(e: Estimate): string[] {
  const priced = e.unpriced.length ? `; prices unknown for the ${e.unpriced.join(' and ')} model` : ''
  const left = e.left.runs === e.full.runs ? '' : `; left to run: ${formatFigures(e.left)}`
  return [`estimate: the whole task ${formatFigures(e.full)}${left}${priced}`, `  based on ${e.basedOn}`]
}
