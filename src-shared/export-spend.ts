// The export's `spend` (docs/decision.md "Spend"): what the task was paid, per side, for the judge and in total.
import { z } from 'zod'
import { count, nullableNum, num } from './export-zod'

const tokens = z
  .looseObject({
    input: count,
    output: count,
    reasoning: count,
    cacheRead: count,
    cacheWrite: count,
    total: count,
  })
  .describe('tokens by kind and their sum')

const dollars = {
  costUsd: nullableNum.describe('sum of the known prices in USD; null when nothing had a price'),
  unpriced: count.describe('items that used tokens without a known price (costUsd is then a lower bound)'),
}

const side = z.looseObject({
  runs: count.describe('runs of the task that started executing, failed ones included'),
  tokens,
  ...dollars,
  wallSeconds: num.describe("sum of the runs' execution times in seconds"),
})

export const exportSpendSchema = z
  .looseObject({
    a: side,
    b: side,
    judge: z.looseObject({
      judgements: count.describe('judgements stored for the task, re-judgements included'),
      tokens,
      ...dollars,
    }),
    total: z.looseObject({
      tokens,
      ...dollars,
      wallSeconds: num.describe('agent wall time of both sides (judge time is not recorded)'),
    }),
  })
  .describe('what the task was paid (not what the verdict counts): per side, the judge and the total')
