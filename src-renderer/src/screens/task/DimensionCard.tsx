// One part of the decision as a card: its name and verdict, the headline figure, the lines that say what the
// figure is made of, and the formula with its inputs one click away.
import type { ReactNode } from 'react'
import type { Verdict } from '../../../../src-shared/decision'
import { VerdictBadge } from '../../components/badges'

export interface DimensionCardProps {
  /** data-dimension, for tests and styles. */
  id: string
  title: ReactNode
  verdict?: Verdict
  /** A tag beside the title, e.g. which judgement decides capability. */
  tag?: { text: string; title: string; tone?: 'info' | 'warn' }
  figure: ReactNode
  /** What the figure is made of: one short line each. */
  lines: ReactNode[]
  /** The disclosure's label and content (formula and inputs). */
  details?: { summary: string; body: string }
}

export function DimensionCard(p: DimensionCardProps) {
  return (
    <div className="card" data-dimension={p.id}>
      <div className="row wrap dimension-head">
        <h3 className="grow">{p.title}</h3>
        {p.tag && (
          <span className={`badge ${p.tag.tone ?? 'info'}`} title={p.tag.title} data-tag={p.tag.text}>
            {p.tag.text}
          </span>
        )}
        {p.verdict && <VerdictBadge verdict={p.verdict} />}
      </div>
      <div className="figure">{p.figure}</div>
      {p.lines.map((line, i) => (
        <div key={i} className="muted small">
          {line}
        </div>
      ))}
      {p.details && (
        <details>
          <summary>{p.details.summary}</summary>
          <pre className="small">{p.details.body}</pre>
        </details>
      )}
    </div>
  )
}
