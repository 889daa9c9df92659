// Each case's b − a, biggest lift first: a dot per case (named on its row when the rows are tall enough),
// its interval over the rounds, the overall estimate's CI as a labelled band and the min lift as a dashed
// line; every dot readable by pointer and keyboard, and opening its case when the panel can.
import { axisTicks, deltaText, type CaseDelta } from './plot-data'
import { ReadoutLine, useReadout } from './plot-readout'

const W = 520
const PAD = { t: 8, r: 12, b: 40 }
/** Rows shorter than this carry no case name (the readout still names each dot). */
const LABELLED_ROW = 13
const LABEL_CHARS = 18

const shortId = (id: string) => (id.length > LABEL_CHARS ? `${id.slice(0, LABEL_CHARS - 1)}…` : id)

export function DeltaPlot(props: {
  deltas: CaseDelta[]
  ciLow: number | null
  ciHigh: number | null
  minLift: number
  onOpenCase?: (caseId: string) => void
}) {
  const { deltas, ciLow, ciHigh, minLift, onOpenCase } = props
  const readout = useReadout(
    deltas.length ? 'Point at or Tab to a dot to read its case.' : 'No case has a score on both sides yet.',
  )
  const ci = ciLow !== null && ciHigh !== null ? { low: ciLow, high: ciHigh } : null
  const values = deltas.flatMap((d) => [d.diff, d.low ?? d.diff, d.high ?? d.diff])
  const { lo, hi, ticks } = axisTicks([-10, 10, minLift, ...values, ...(ci ? [ci.low, ci.high] : [])])
  const rowH = Math.max(6, Math.min(22, 300 / Math.max(1, deltas.length)))
  const left = rowH >= LABELLED_ROW ? 130 : 40
  const plotH = rowH * Math.max(1, deltas.length)
  const height = PAD.t + plotH + PAD.b
  const x = (v: number) => left + ((W - left - PAD.r) * (v - lo)) / (hi - lo)
  const bottom = PAD.t + plotH
  return (
    <figure className="plot">
      <svg viewBox={`0 0 ${W} ${height}`} width="100%" role="group" aria-label="Per-case difference b − a">
        {ci && (
          <rect
            className="ci-band"
            x={x(ci.low)}
            width={Math.max(1, x(ci.high) - x(ci.low))}
            y={PAD.t}
            height={plotH}
          >
            <title>{`95% CI of the mean difference: ${ci.low.toFixed(1)} to ${ci.high.toFixed(1)}`}</title>
          </rect>
        )}
        {ticks.map((t) => (
          <g key={t}>
            <line className={t === 0 ? 'axis' : 'grid'} x1={x(t)} x2={x(t)} y1={PAD.t} y2={bottom} />
            <text x={x(t)} y={bottom + 14} textAnchor="middle">
              {t > 0 ? `+${t}` : t}
            </text>
          </g>
        ))}
        <line className="min-lift" x1={x(minLift)} x2={x(minLift)} y1={PAD.t} y2={bottom} />
        {deltas.map((d, i) => {
          const cy = PAD.t + rowH * i + rowH / 2
          const text = deltaText(d)
          return (
            <g key={d.caseId} {...readout.mark(text, onOpenCase && (() => onOpenCase(d.caseId)))}>
              <title>{text}</title>
              <rect className="hit" x={0} y={cy - rowH / 2} width={W} height={rowH} />
              {left > 40 && (
                <text x={left - 6} y={cy + 4} textAnchor="end">
                  {shortId(d.caseId)}
                </text>
              )}
              {d.low !== null && d.high !== null && (
                <line className="interval" x1={x(d.low)} x2={x(d.high)} y1={cy} y2={cy} />
              )}
              <circle
                cx={x(d.diff)}
                cy={cy}
                r={Math.min(4, rowH / 2 - 1)}
                fill={d.diff >= 0 ? 'var(--pass)' : 'var(--reject)'}
              />
            </g>
          )
        })}
        <text className="axis-title" x={(left + W - PAD.r) / 2} y={height - 6} textAnchor="middle">
          mean b − mean a per case, in score points
        </text>
      </svg>
      <figcaption className="plot-legend small">
        {ci && (
          <span>
            <span className="swatch ci" /> 95% CI of the mean difference ({ci.low.toFixed(1)} to{' '}
            {ci.high.toFixed(1)})
          </span>
        )}
        <span>
          <span className="swatch min-lift" /> min lift {minLift}
        </span>
        <span>
          <span className="swatch interval" /> a case&apos;s interval over its rounds
        </span>
      </figcaption>
      <ReadoutLine readout={readout} />
    </figure>
  )
}
