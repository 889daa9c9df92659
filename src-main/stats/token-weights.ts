// The cost gate's `tokens` metric with prices known (docs/decision.md "Cost"): each kind counts by its price
// ratio to an input token, so a run that reads its context from cache is not charged as if it wrote it.
import type { ModelPrices } from '../../src-shared/prices'
import type { TokenCounts } from '../../src-shared/agent-event'
import { plain } from './format'
import type { ExperimentRun } from './types'

export type TokenWeights = Record<keyof TokenCounts, number>

/** Each kind's weight, in input tokens (reasoning is billed as output); null when prices are unknown. */
export function tokenWeights(prices: ModelPrices | null): TokenWeights | null {
  const unit = prices ? prices.input || prices.output : 0
  if (!prices || unit <= 0) return null
  const output = prices.output / unit
  return {
    input: prices.input / unit,
    output,
    reasoning: output,
    cacheRead: prices.cacheRead / unit,
    cacheWrite: prices.cacheWrite / unit,
  }
}

/** The run's tokens weighted by kind; its plain sum when it does not say its kinds. */
export function weightedTokens(run: ExperimentRun, w: TokenWeights): number | null {
  const t = run.tokenKinds
  if (!t) return run.tokens
  return (
    t.input * w.input +
    t.output * w.output +
    t.reasoning * w.reasoning +
    t.cacheRead * w.cacheRead +
    t.cacheWrite * w.cacheWrite
  )
}

export function weightsText(w: TokenWeights): string {
  return `input ${plain(w.input)}, output ${plain(w.output)}, cache read ${plain(w.cacheRead)}, cache write ${plain(w.cacheWrite)}`
}
