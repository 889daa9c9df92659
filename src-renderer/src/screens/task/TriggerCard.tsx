// How often each side's agent used its skill (the skill tool called with the skill's name, completed), with
// a Wilson interval, and the lift on the cases where b always used it versus the rest (descriptive only).
import type { LiftPart, SideTrigger, TriggerDecision } from '../../../../src-shared/decision'
import { pct, shareCi, signed } from './decision-format'
import { DimensionCard } from './DimensionCard'
import { plural } from '../../../../src-shared/plural'

/** "skill used in 3 of 12 runs (25%, CI 9–53%)". */
export function usedIn(t: SideTrigger): string {
  if (t.runs === 0) return 'no executed run with a known skill use yet'
  return `skill used in ${t.invoked} of ${plural(t.runs, 'run')} (${pct(t.rate)}, ${shareCi(t.ciLow, t.ciHigh)})`
}

const lift = (l: LiftPart) =>
  `${l.estimate === null ? '–' : `${signed(l.estimate)} points`} (n = ${plural(l.n, 'case')})`

export function TriggerCard({ trigger: t }: { trigger: TriggerDecision }) {
  const low = t.b.rate !== null && t.b.rate < t.minRate
  return (
    <DimensionCard
      id="trigger"
      title="Skill use"
      tag={
        low
          ? {
              text: `below ${pct(t.minRate)} of runs`,
              title: `b used its skill in fewer than ${pct(t.minRate)} of its runs (policy.minTriggerRate)`,
              tone: 'warn',
            }
          : undefined
      }
      figure={
        <>
          {pct(t.b.rate)} <span className="unit">of b’s runs used the skill</span>
        </>
      }
      lines={[
        <span key="b" data-trigger-side="b">
          <span className="side-b">b</span>: {usedIn(t.b)}
        </span>,
        ...(t.a
          ? [
              <span key="a" data-trigger-side="a">
                <span className="side-a">a</span> (baseline skill): {usedIn(t.a)}
              </span>,
            ]
          : []),
        `lift where b used the skill in every round: ${lift(t.liftInvoked)}`,
        `lift on the other cases: ${lift(t.liftNotInvoked)}`,
      ]}
      details={{
        summary: 'formula and inputs',
        body: [
          t.formula,
          `a run uses the skill when its agent called the skill tool with the skill’s name and the call completed`,
          `interval: Wilson, per side; a warning when b’s share is below ${pct(t.minRate)} (policy.minTriggerRate)`,
          `the two lifts are descriptive (mean b − a over those cases), not a test`,
        ]
          .filter(Boolean)
          .join('\n'),
      }}
    />
  )
}
