// The pairwise judge: per case, did b's answer beat a's when the judge saw both (in both orders)? An exact
// sign test over the cases, ties dropped. Tagged primary or shown beside, after policy.primary.
import type { Decision, PairwiseDecision } from '../../../../src-shared/decision'
import { primaryTag } from './CoreCards'
import { cases, f } from './decision-format'
import { DimensionCard } from './DimensionCard'

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
        `p = ${f(pw.pValue, 3)} (exact sign test, ties dropped) · α = ${pw.alpha} · n = ${cases(pw.n)}`,
        `${pw.comparisons} comparisons judged in both orders; ${pw.flipped} flipped with the order (ties)`,
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
