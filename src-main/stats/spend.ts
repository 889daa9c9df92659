// A task's spend (docs/decision.md "Spend"): sums of what its runs and judgements were paid, pure.
import type { TokenCounts } from '../../src-shared/agent-event'
import { totalTokens } from '../../src-shared/run-rules'
import type { Side } from '../../src-shared/run-state'
import type { SideSpend, Spend, SpendDollars, SpendTokens } from '../../src-shared/spend'

/** One run as spend reads it: its latest attempt's figures. */
export interface SpendRun {
  side: Side
  /** The run started executing at least once (else it cost nothing). */
  started: boolean
  tokens: TokenCounts
  /** null: price unknown. */
  costUsd: number | null
  /** Execution time in ms; null when not known. */
  durationMs: number | null
}

/** One judgement (pointwise or pairwise) as spend reads it. */
export interface SpendJudgement {
  tokens: TokenCounts
  costUsd: number | null
}

const KINDS = ['input', 'output', 'reasoning', 'cacheRead', 'cacheWrite'] as const

function sumTokens(items: readonly { tokens: TokenCounts }[]): SpendTokens {
  const t: TokenCounts = { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 }
  for (const { tokens } of items) for (const k of KINDS) t[k] += tokens[k]
  return { ...t, total: totalTokens(t) }
}

/** Known prices summed; `unpriced`: items that used tokens without a price (a command evaluator uses none). */
function sumDollars(items: readonly { tokens: TokenCounts; costUsd: number | null }[]): SpendDollars {
  let costUsd: number | null = null
  let unpriced = 0
  for (const i of items) {
    if (i.costUsd !== null) costUsd = (costUsd ?? 0) + i.costUsd
    else if (totalTokens(i.tokens) > 0) unpriced += 1
  }
  return { costUsd, unpriced }
}

function sideSpend(runs: readonly SpendRun[], side: Side): SideSpend {
  const paid = runs.filter((r) => r.side === side && r.started)
  const ms = paid.reduce((s, r) => s + (r.durationMs ?? 0), 0)
  return { runs: paid.length, tokens: sumTokens(paid), ...sumDollars(paid), wallSeconds: ms / 1000 }
}

/** Adds dollar figures: null only when every part is null. */
function addDollars(parts: readonly SpendDollars[]): SpendDollars {
  const known = parts.filter((p) => p.costUsd !== null)
  return {
    costUsd: known.length ? known.reduce((s, p) => s + (p.costUsd ?? 0), 0) : null,
    unpriced: parts.reduce((s, p) => s + p.unpriced, 0),
  }
}

/** The spend of a task's runs (those never started count nothing) and of its judgements. */
export function taskSpendOf(runs: readonly SpendRun[], judgements: readonly SpendJudgement[]): Spend {
  const a = sideSpend(runs, 'a')
  const b = sideSpend(runs, 'b')
  const judge = { judgements: judgements.length, tokens: sumTokens(judgements), ...sumDollars(judgements) }
  return {
    a,
    b,
    judge,
    total: {
      tokens: sumTokens([a, b, judge]),
      ...addDollars([a, b, judge]),
      wallSeconds: a.wallSeconds + b.wallSeconds,
    },
  }
}
