// What a task spent (docs/decision.md "Spend"): the export's `spend` types, per side, judge and total.
import type { z } from 'zod'
import type { exportSpendSchema } from './export-spend'

export type Spend = z.output<typeof exportSpendSchema>
export type SideSpend = Spend['a']
export type JudgeSpend = Spend['judge']
export type SpendTokens = Spend['a']['tokens']
/** Dollars of priced items; `unpriced` counts those without a price (dollars are then a lower bound). */
export type SpendDollars = Pick<SideSpend, 'costUsd' | 'unpriced'>

/** A task's budget (docs/decision.md "Budget") beside its spend: the caps and the executions so far. */
export interface SpendCap {
  maxCostUsd: number | null
  maxRuns: number | null
  /** Agent executions so far (every start of every run). */
  executions: number
}

/** `tasks.spend`: the spend, and the budget when the task has one (else null). */
export type TaskSpendView = Spend & { cap: SpendCap | null }
