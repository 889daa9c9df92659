// Two small SVG plots for the decision panel: each side's score distribution, and each case's b − a
// difference with an interval over its rounds (and the overall estimate's CI as a band).
import type { FailedRunScore } from '../../../../src-shared/decision-score'
import type { RunView } from '../../../../src-shared/ipc-views'
import { caseMeans, Z_95 } from '../../../../src-shared/run-rules'

const W = 520
const H = 180
const PAD = { l: 36, r: 12, t: 10, b: 28 }

export function ScoreHistogram({ runs }: { runs: Iterable<RunView> }) {
  const bins = { a: new Array<number>(10).fill(0), b: new Array<number>(10).fill(0) }
  for (const r of runs)
    if (r.status === 'scored' && r.score !== null) bins[r.side][Math.min(9, Math.floor(r.score / 10))]! += 1
  const max = Math.max(1, ...bins.a, ...bins.b)
  const bw = (W - PAD.l - PAD.r) / 10
  const y = (n: number) => H - PAD.b - ((H - PAD.t - PAD.b) * n) / max
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="Score distribution per side">
      <line className="axis" x1={PAD.l} x2={W - PAD.r} y1={H - PAD.b} y2={H - PAD.b} />
      {bins.a.map((n, i) => (
        <g key={i}>
          <rect
            x={PAD.l + i * bw + 3}
            y={y(n)}
            width={bw / 2 - 3}
            height={H - PAD.b - y(n)}
            fill="var(--side-a)"
          >
            <title>{`a: ${n} runs scored ${i * 10}–${i * 10 + 10}`}</title>
          </rect>
          <rect
            x={PAD.l + i * bw + bw / 2}
            y={y(bins.b[i] ?? 0)}
            width={bw / 2 - 3}
            height={H - PAD.b - y(bins.b[i] ?? 0)}
            fill="var(--side-b)"
          >
            <title>{`b: ${bins.b[i]} runs scored ${i * 10}–${i * 10 + 10}`}</title>
          </rect>
          <text x={PAD.l + i * bw} y={H - 10}>
            {i * 10}
          </text>
        </g>
      ))}
      <text x={W - PAD.r - 16} y={H - 10}>
        100
      </text>
      <text x={4} y={PAD.t + 8}>
        {max}
      </text>
      <text x={4} y={H - PAD.b}>
        0
      </text>
    </svg>
  )
}

export interface CaseDelta {
  caseId: string
  diff: number
  low: number | null
  high: number | null
}

/**
 * Per case: mean b − mean a over the rounds' scores as the decision counts them (a failure of the agent's
 * scores `failedRunScore`), with ±1.96·SE over its rounds when each side has ≥ 2 of them.
 */
export function caseDeltas(runs: Iterable<RunView>, failedRunScore: FailedRunScore = 0): CaseDelta[] {
  const out: CaseDelta[] = []
  for (const { caseId, delta, se } of caseMeans(runs, failedRunScore).values()) {
    if (delta === null) continue
    out.push({
      caseId,
      diff: delta,
      low: se === null ? null : delta - Z_95 * se,
      high: se === null ? null : delta + Z_95 * se,
    })
  }
  return out
}

export function DeltaPlot(props: {
  deltas: CaseDelta[]
  ciLow: number | null
  ciHigh: number | null
  minLift: number
}) {
  const { deltas } = props
  const values = deltas.flatMap((d) => [d.diff, d.low ?? d.diff, d.high ?? d.diff])
  const lo = Math.min(-10, ...values, props.ciLow ?? 0) * 1.1
  const hi = Math.max(10, ...values, props.ciHigh ?? 0, props.minLift) * 1.1
  const rowH = Math.max(8, Math.min(22, 300 / Math.max(1, deltas.length)))
  const height = PAD.t + PAD.b + rowH * deltas.length
  const x = (v: number) => PAD.l + ((W - PAD.l - PAD.r) * (v - lo)) / (hi - lo)
  return (
    <svg viewBox={`0 0 ${W} ${height}`} width="100%" role="img" aria-label="Per-case difference b − a">
      {props.ciLow !== null && props.ciHigh !== null && (
        <rect
          x={x(props.ciLow)}
          width={Math.max(1, x(props.ciHigh) - x(props.ciLow))}
          y={PAD.t}
          height={rowH * deltas.length}
          fill="var(--info-bg)"
        >
          <title>{`overall CI of the mean difference: ${props.ciLow.toFixed(1)} to ${props.ciHigh.toFixed(1)}`}</title>
        </rect>
      )}
      <line className="axis" x1={x(0)} x2={x(0)} y1={PAD.t} y2={height - PAD.b} />
      <line
        x1={x(props.minLift)}
        x2={x(props.minLift)}
        y1={PAD.t}
        y2={height - PAD.b}
        stroke="var(--pass)"
        strokeDasharray="4 3"
      />
      {deltas.map((d, i) => {
        const cy = PAD.t + rowH * i + rowH / 2
        return (
          <g key={d.caseId}>
            {d.low !== null && d.high !== null && (
              <line x1={x(d.low)} x2={x(d.high)} y1={cy} y2={cy} stroke="var(--muted)" strokeWidth={1.5} />
            )}
            <circle cx={x(d.diff)} cy={cy} r={3.5} fill={d.diff >= 0 ? 'var(--pass)' : 'var(--reject)'}>
              <title>{`${d.caseId}: ${d.diff.toFixed(1)}${d.low !== null ? ` (${d.low.toFixed(1)} to ${d.high?.toFixed(1)})` : ''}`}</title>
            </circle>
          </g>
        )
      })}
      <text x={x(lo)} y={height - 8}>
        {lo.toFixed(0)}
      </text>
      <text x={x(0) - 3} y={height - 8}>
        0
      </text>
      <text x={x(props.minLift) + 3} y={height - 8} style={{ fill: 'var(--pass)' }}>
        min lift {props.minLift}
      </text>
      <text x={x(hi) - 20} y={height - 8}>
        {hi.toFixed(0)}
      </text>
    </svg>
  )
}
