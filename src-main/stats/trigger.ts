// Trigger rate: how often each side's agent invoked its skill (Wilson interval), the lift split by whether b
// invoked it, and the `low-trigger-rate` warning.
import type { DecisionWarning, LiftPart, SideTrigger, TriggerDecision } from '../../src-shared/decision'
import type { Policy } from '../../src-shared/task-config'
import type { DimensionResult } from './capability'
import type { CaseRuns } from './cases'
import { level, share, signed } from './format'
import { wilson } from './proportions'
import { mean } from '../../src-shared/run-rules'
import type { ExperimentRun } from './types'
import { plural } from '../../src-shared/plural'

export const TRIGGER_FORMULA =
  'rate = invoked ÷ executed runs whose invocation is known (all cases); Wilson interval at 1 − α; ' +
  'lift split: counting cases where b invoked the skill in every scored round vs cases where it did not in at least one ' +
  '(cases with an unknown round and no known miss are in neither); warning when b’s rate < minTriggerRate'

export const LOW_TRIGGER_RATE = 'low-trigger-rate'

/** Over the executed runs whose `skillLoaded` is known (true or false). */
export function sideTrigger(runs: readonly ExperimentRun[], alpha: number): SideTrigger {
  const known = runs.filter((r) => r.executed && typeof r.skillLoaded === 'boolean')
  const invoked = known.filter((r) => r.skillLoaded === true).length
  const ci = wilson(invoked, known.length, alpha)
  return {
    runs: known.length,
    invoked,
    rate: known.length ? invoked / known.length : null,
    ciLow: ci.low,
    ciHigh: ci.high,
  }
}

/** 'all' when b invoked the skill in every scored round, 'not' when a scored round is known not to, else null. */
export function invokedEveryRound(c: CaseRuns): 'all' | 'not' | null {
  const loaded = c.b.scoredRuns.map((r) => r.skillLoaded)
  if (loaded.some((l) => l === false)) return 'not'
  return loaded.length > 0 && loaded.every((l) => l === true) ? 'all' : null
}

function liftOver(cases: readonly CaseRuns[]): LiftPart {
  const diffs = cases.map((c) => (mean(c.b.scores) as number) - (mean(c.a.scores) as number))
  return { estimate: mean(diffs), n: diffs.length }
}

const pct = (x: number): string => `${Math.round(100 * x)}%`

function sideText(name: string, s: SideTrigger, alpha: number): string {
  if (s.runs === 0) return `${name}: not known (no executed run reports whether the skill was invoked)`
  const ci =
    s.ciLow === null || s.ciHigh === null
      ? ''
      : `, ${level(alpha)} Wilson CI [${pct(s.ciLow)}, ${pct(s.ciHigh)}]`
  return `${name} invoked the skill in ${share(s.invoked, s.runs, s.runs === 1 ? 'run' : 'runs')}${ci}`
}

const liftText = (l: LiftPart): string =>
  l.estimate === null ? `no case (n = 0)` : `${signed(l.estimate)} points (n = ${l.n})`

export interface TriggerOptions {
  /** Side a runs a skill too: its rate is reported. */
  baselineHasSkill: boolean
}

export function trigger(
  all: readonly CaseRuns[],
  counting: readonly CaseRuns[],
  policy: Policy,
  opts: TriggerOptions,
): DimensionResult<TriggerDecision> & { warnings: DecisionWarning[] } {
  const { alpha, minTriggerRate } = policy
  const b = sideTrigger(
    all.flatMap((c) => c.b.runs),
    alpha,
  )
  const a = opts.baselineHasSkill
    ? sideTrigger(
        all.flatMap((c) => c.a.runs),
        alpha,
      )
    : null
  const split = counting.map((c) => ({ c, invoked: invokedEveryRound(c) }))
  const liftInvoked = liftOver(split.filter((s) => s.invoked === 'all').map((s) => s.c))
  const liftNotInvoked = liftOver(split.filter((s) => s.invoked === 'not').map((s) => s.c))
  const decision: TriggerDecision = {
    a,
    b,
    minRate: minTriggerRate,
    formula: TRIGGER_FORMULA,
    liftInvoked,
    liftNotInvoked,
  }
  const reasons = [`trigger: ${sideText('b', b, alpha)}; ${a ? sideText('a', a, alpha) : 'a has no skill'}`]
  if (liftInvoked.n + liftNotInvoked.n > 0)
    reasons.push(
      `trigger, lift split (descriptive): on cases where b invoked the skill in every scored round ${liftText(liftInvoked)}; ` +
        `on the others ${liftText(liftNotInvoked)}`,
    )
  const warnings = lowTriggerRate(b, minTriggerRate)
  return { decision, reasons, warnings }
}

/** The `low-trigger-rate` warning when b's known rate is below minTriggerRate. */
export function lowTriggerRate(b: SideTrigger, minRate: number): DecisionWarning[] {
  if (b.rate === null || b.rate >= minRate) return []
  const notUsed = b.runs - b.invoked
  const meaning =
    b.rate < 0.5
      ? 'the skill was not used in most runs, so the measured lift is mostly not its effect'
      : `the skill was not used in ${plural(notUsed, 'run')}, so part of the measured lift is not its effect`
  return [
    {
      code: LOW_TRIGGER_RATE,
      message:
        `side b invoked the skill in ${share(b.invoked, b.runs, b.runs === 1 ? 'run' : 'runs')}, below minTriggerRate ${pct(minRate)}: ` +
        `${meaning}; check the skill's description (it is what tells the agent when to use the skill)`,
    },
  ]
}
