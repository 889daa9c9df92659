// A model's prices (docs/decision.md "Prices"): USD per 1M tokens of each kind, as opencode's model list
// gives them. null = unknown (opencode reports a model without a `cost` as all zeros: that is unknown too).
import { z } from 'zod'
import type { TokenCounts } from './agent-event'

const price = z.number().min(0)

export const modelPricesSchema = z.strictObject({
  input: price,
  output: price,
  cacheRead: price,
  cacheWrite: price,
})
export type ModelPrices = z.output<typeof modelPricesSchema>

/** The prices a task ran with: its agent model's and its judge model's (null: unknown). */
export const taskPricesSchema = z.strictObject({
  agent: modelPricesSchema.nullable(),
  judge: modelPricesSchema.nullable(),
})
export type TaskPrices = z.output<typeof taskPricesSchema>

export const NO_PRICES: TaskPrices = { agent: null, judge: null }

/** opencode's `cost` object (`{input, output, cache: {read, write}}`) as prices; null when absent or all zero. */
export function pricesFromCost(cost: unknown): ModelPrices | null {
  if (!cost || typeof cost !== 'object') return null
  const c = cost as { input?: unknown; output?: unknown; cache_read?: unknown; cache_write?: unknown }
  const cache = (cost as { cache?: { read?: unknown; write?: unknown } }).cache
  const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0)
  const p: ModelPrices = {
    input: num(c.input),
    output: num(c.output),
    cacheRead: num(cache?.read ?? c.cache_read),
    cacheWrite: num(cache?.write ?? c.cache_write),
  }
  return p.input + p.output + p.cacheRead + p.cacheWrite > 0 ? p : null
}

/** Dollars of these tokens at these prices (reasoning tokens are billed as output, as opencode does). */
export function dollarsOf(tokens: TokenCounts, prices: ModelPrices): number {
  return (
    (tokens.input * prices.input +
      (tokens.output + tokens.reasoning) * prices.output +
      tokens.cacheRead * prices.cacheRead +
      tokens.cacheWrite * prices.cacheWrite) /
    1_000_000
  )
}

const perMillion = (x: number): string => `$${Number(x.toFixed(4))}`

/** `$3 in · $15 out · $0.3 cache read · $3.75 cache write per 1M tokens`, or `unknown`. */
export function formatPrices(p: ModelPrices | null): string {
  if (!p) return 'unknown'
  return (
    `${perMillion(p.input)} in · ${perMillion(p.output)} out · ${perMillion(p.cacheRead)} cache read · ` +
    `${perMillion(p.cacheWrite)} cache write per 1M tokens`
  )
}
