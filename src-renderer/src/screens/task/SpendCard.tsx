// What the task was paid (docs/decision.md "Spend"): a row per side, the judge and the total — tokens by kind,
// dollars and wall time — under the decision (spend is shown, never gated).
import type { Spend, SpendCap } from '../../../../src-shared/spend'
import { formatCount, formatUsd, spendRows } from '../../../../src-shared/spend-format'

const KINDS = [
  ['input', 'input'],
  ['output', 'output'],
  ['reasoning', 'reasoning'],
  ['cacheRead', 'cache read'],
  ['cacheWrite', 'cache write'],
] as const

/** Spend against the task's budget (docs/decision.md "Budget"): dollars and executions of their caps. */
function CapLine({ spend, cap }: { spend: Spend; cap: SpendCap }) {
  const parts = []
  if (cap.maxCostUsd !== null) {
    const spent = spend.total.costUsd ?? 0
    parts.push(
      `${formatUsd(spent)} of the ${formatUsd(cap.maxCostUsd)} cap (${Math.round((100 * spent) / cap.maxCostUsd)}%)`,
    )
  }
  if (cap.maxRuns !== null) parts.push(`${cap.executions} of ${cap.maxRuns} agent executions`)
  return (
    <div data-testid="spend-cap">
      <strong>Budget:</strong> {parts.join(' · ')}. A run starts only while the spend so far, the running runs
      and it stay within the cap.
    </div>
  )
}

export function SpendCard({ spend }: { spend: Spend & { cap?: SpendCap | null } }) {
  return (
    <div className="card" data-testid="spend">
      <h3>Spend</h3>
      {spend.cap && <CapLine spend={spend} cap={spend.cap} />}
      <table className="plain" aria-label="Spend">
        <thead>
          <tr>
            <th />
            <th>counted</th>
            <th>tokens</th>
            {KINDS.map(([, label]) => (
              <th key={label}>{label}</th>
            ))}
            <th>dollars</th>
            <th>wall time</th>
          </tr>
        </thead>
        <tbody>
          {spendRows(spend).map((r) => (
            <tr key={r.part} data-spend={r.part}>
              <th scope="row">{r.part}</th>
              <td>{r.items}</td>
              <td>{formatCount(r.tokens.total)}</td>
              {KINDS.map(([kind]) => (
                <td key={kind}>{formatCount(r.tokens[kind])}</td>
              ))}
              <td>{r.dollars}</td>
              <td>{r.wall}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="muted small">
        What the task was paid, not what the verdict counts: every run that started (failed ones included) and
        every judgement (re-judgements included). Dollars sum the known prices; “unpriced” items used tokens
        without one.
      </div>
    </div>
  )
}
