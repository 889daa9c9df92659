// What a reader of the verdict should know that is not a verdict (a skill rarely used, a judge of the
// agent's own model family): one line each, code and message, above everything else in the panel.
import type { DecisionWarning } from '../../../../src-shared/decision'

export function DecisionWarnings({ warnings }: { warnings: readonly DecisionWarning[] }) {
  if (!warnings.length) return null
  return (
    <ul className="decision-warnings" aria-label="Warnings">
      {warnings.map((w) => (
        <li key={`${w.code}:${w.message}`} className="banner warn" data-warning={w.code}>
          <span className="badge warn-code mono">{w.code}</span> {w.message}
        </li>
      ))}
    </ul>
  )
}
