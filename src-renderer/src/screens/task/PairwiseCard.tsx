// The pairwise judge: per case, did b's answer beat a's when the judge saw both (in both orders)? An exact
// sign test over the cases, ties dropped. Tagged primary or shown beside, after policy.primary.
import type { Decision, PairwiseDecision } from '../../../../src-shared/decision'
import { primaryTag } from './CoreCards'
import { f } from './decision-format'
import { DimensionCard } from './DimensionCard'
import { plural } from '../../../../src-shared/plural'

const RESULT: Record<'a' | 'b' | 'tie', string> = { b: 'b ahead', a: 'a ahead', tie: 'tie' }

export function PairwiseCard({ decision, pairwise: pw }: { decision: Decision; pairwise: PairwiseDecision }) {
  return (
    <DimensionCard
      id="pairwise"
      title="Pairwise"
      verdict={pw.verdict}
      tag={primaryTag(decision, 'pairwise')}
      figure={`${pw.wins} won · ${pw.losses} lost · ${pw.ties} tied`}
      lines={[
        'cases where b’s answer beat, lost to or tied with a’s',
        `p = ${f(pw.pValue, 3)} (exact sign test, ties dropped) · α = ${pw.alpha} · n = ${plural(pw.n, 'case')}`,
        `${pw.comparisons} comparisons judged in both orders; ${pw.flipped} flipped with the order (ties)`,
        ...(pw.positionConsistency != null
          ? [
              `position consistency ${Math.round(pw.positionConsistency * 100)}%: the judge kept its winner when the two answers swapped places in that share of comparisons`,
            ]
          : []),
        ...(pw.decidedByFailure
          ? [
              `${pw.decidedByFailure} rounds decided by a failed run: a side that timed out, crashed or erred loses to one that completed (both failed: a tie)`,
            ]
          : []),
        ...(pw.total !== undefined && pw.n * 5 < pw.total * 4
          ? [`only ${pw.n} of ${pw.total} cases have a verdict: 80% are needed for a pass or reject`]
          : []),
      ]}
      details={{
        summary: 'formula and cases',
        body: [
          pw.formula,
          ...pw.perCase.map(
            (c) =>
              `${c.caseId}: b won ${c.wins}, lost ${c.losses}, tied ${c.ties} rounds → ${RESULT[c.result]}`,
          ),
        ]
          .filter(Boolean)
          .join('\n'),
      }}
    />
  )
}
