// The decision: its warnings first, the verdict and the rule that fired, every dimension with estimate and
// CI (formula and inputs one click away) — capability, cost, stability, failures, skill use and, when a
// pairwise judge ran, its result — the lift beside the noise floor, the plots (per-case means as the decision counts them) and the spend.
import type { Decision } from '../../../../src-shared/decision'
import type { RunView } from '../../../../src-shared/ipc-views'
import { isTerminal } from '../../../../src-shared/run-state'
import type { Spend, SpendCap } from '../../../../src-shared/spend'
import { CapabilityCard, CostCard, StabilityCard } from './CoreCards'
import { DecisionWarnings } from './DecisionWarnings'
import { FailuresCard } from './FailuresCard'
import { PairwiseCard } from './PairwiseCard'
import { caseDeltas } from './plots/plot-data'
import { DeltaPlot } from './plots/DeltaPlot'
import { ScoreHistogram } from './plots/ScoreHistogram'
import { SpendCard } from './SpendCard'
import { NoiseFloorLine } from './NoiseFloorLine'
import { JudgeNoiseLine } from './JudgeNoiseLine'
import { verdictHeadline } from '../../../../src-shared/verdict-headline'
import type { TaskNoiseFloor } from '../../../../src-shared/noise-floor'
import { TriggerCard } from './TriggerCard'

/** The parts an export made before failures, skill use and the pairwise judge were counted lacks. */
type Later = Partial<Pick<Decision, 'failures' | 'trigger' | 'pairwise' | 'warnings'>>

/**
 * `spend`: what the task was paid; absent in an export written before spend was recorded. `floor`: the
 * noise floor of its dataset and model, shown beside the lift when given (undefined: not shown, as in an
 * export); `onCalibrate` offers to measure it, `onDeleteCalibration` to delete the calibration it comes from.
 */
export function DecisionPanel({
  decision,
  runs,
  spend,
  floor,
  onCalibrate,
  onDeleteCalibration,
  onMeasureJudgeNoise,
  onOpenCase,
}: {
  decision: Decision
  runs: RunView[]
  spend?: (Spend & { cap?: SpendCap | null }) | null
  floor?: TaskNoiseFloor | null
  onCalibrate?: () => void
  onDeleteCalibration?: () => void
  /** Offers to measure the judge's test–retest noise (the app; absent in an export). */
  onMeasureJudgeNoise?: () => void
  /** Opens a case's a and b side by side (a dot of the per-case plot). */
  onOpenCase?: (caseId: string) => void
}) {
  const { capability: cap, coverage } = decision
  const later: Later = decision
  // Before any run has finished there is nothing to decide on: no verdict is shown yet (not "inconclusive").
  const waiting = runs.length > 0 && !runs.some((r) => isTerminal(r.status))
  return (
    <div className="stack">
      <DecisionWarnings warnings={later.warnings ?? []} />
      <div className="card verdict" data-verdict={decision.verdict}>
        <span className={`big ${waiting ? 'waiting' : decision.verdict}`}>
          {waiting ? 'no verdict yet' : decision.verdict}
        </span>
        <div className="grow">
          {!waiting && (
            <p className="headline" data-testid="verdict-headline">
              {verdictHeadline(decision)}
            </p>
          )}
          <details className="how-decided">
            <summary>How this was decided</summary>
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {decision.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </details>
          <div className="muted small">
            {coverage.counting} of {coverage.total} cases count (each side needs ≥ {coverage.minScoredRounds}{' '}
            of {coverage.rounds} rounds scored)
            {decision.casesNeeded &&
              ` · about ${decision.casesNeeded.cases} cases × ${decision.casesNeeded.rounds} rounds would be needed to pass`}
          </div>
          {floor !== undefined && (
            <NoiseFloorLine
              lift={cap.estimate}
              floor={floor}
              onCalibrate={onCalibrate}
              onDelete={onDeleteCalibration}
            />
          )}
          {(decision.judgeNoise || onMeasureJudgeNoise) && (
            <JudgeNoiseLine noise={decision.judgeNoise ?? null} onMeasure={onMeasureJudgeNoise} />
          )}
        </div>
      </div>
      <div className="grid-3">
        <CapabilityCard decision={decision} />
        <CostCard decision={decision} />
        <StabilityCard decision={decision} />
        {later.failures && <FailuresCard failures={later.failures} />}
        {later.trigger && <TriggerCard trigger={later.trigger} />}
        {later.pairwise && <PairwiseCard decision={decision} pairwise={later.pairwise} />}
      </div>
      <div className="grid-2">
        <div className="card">
          <h3>
            Score distribution: <span className="side-a">a</span> vs <span className="side-b">b</span>
          </h3>
          <ScoreHistogram runs={runs} />
        </div>
        <div className="card">
          <h3>Per-case difference b − a</h3>
          <DeltaPlot
            deltas={caseDeltas(runs, later.failures?.failedRunScore ?? 'missing')}
            ciLow={cap.ciLow}
            ciHigh={cap.ciHigh}
            minLift={cap.minLift}
            onOpenCase={onOpenCase}
          />
          <div className="muted small">
            Biggest lift first. A dot: a case&apos;s mean b − mean a (a failure of the agent&apos;s counts as{' '}
            {later.failures?.failedRunScore === 'missing' ? 'missing' : '0'}); its line: ±1.96·SE over its
            rounds.
            {onOpenCase &&
              ' Click a dot (or Tab to it and press Enter) to see the case’s a and b side by side.'}
          </div>
        </div>
      </div>
      {spend && <SpendCard spend={spend} />}
    </div>
  )
}
