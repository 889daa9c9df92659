// What a task spent (docs/decision.md "Spend"): the export's `spend` types, per side, judge and total.
import type { z } from 'zod'
import type { exportSpendSchema } from './export-spend'

export type Spend = z.output<typeof exportSpendSchema>
export type SideSpend = Spend['a']
export type JudgeSpend = Spend['judge']
export type SpendTokens = Spend['a']['tokens']
/** Dollars of priced items; `unpriced` counts those without a price (dollars are then a lower bound). */
export type SpendDollars = Pick<SideSpend, 'costUsd' | 'unpriced'>
