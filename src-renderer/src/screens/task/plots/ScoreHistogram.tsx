// Each side's score distribution: bars of ten points per side, with axis titles, a y scale in runs, and
// every bar readable by pointer and keyboard.
import type { RunView } from '../../../../../src-shared/ipc-views'
import { axisTicks, binText, scoreBins } from './plot-data'
import { ReadoutLine, useReadout } from './plot-readout'

const W = 520
const H = 200
const PAD = { l: 46, r: 12, t: 10, b: 42 }

export function ScoreHistogram({ runs }: { runs: Iterable<RunView> }) {
  const bins = scoreBins(runs)
  const readout = useReadout('Point at or Tab to a bar to read it.')
  const { hi, ticks } = axisTicks([0, 1, ...bins.a, ...bins.b], 4)
  const yTicks = ticks.filter(Number.isInteger)
  const bw = (W - PAD.l - PAD.r) / 10
  const y = (n: number) => H - PAD.b - ((H - PAD.t - PAD.b) * n) / hi
  const bar = (side: 'a' | 'b', i: number, n: number) => (
    <rect
      key={side}
      {...(n > 0 ? readout.mark(binText(side, i, n)) : {})}
      x={PAD.l + i * bw + (side === 'a' ? 3 : bw / 2)}
      y={y(n)}
      width={bw / 2 - 3}
      height={H - PAD.b - y(n)}
      fill={`var(--side-${side})`}
    >
      <title>{binText(side, i, n)}</title>
    </rect>
  )
  return (
    <figure className="plot">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="group" aria-label="Score distribution per side">
        {yTicks.map((t) => (
          <g key={t}>
            <line className="grid" x1={PAD.l} x2={W - PAD.r} y1={y(t)} y2={y(t)} />
            <text x={PAD.l - 6} y={y(t) + 4} textAnchor="end">
              {t}
            </text>
          </g>
        ))}
        <line className="axis" x1={PAD.l} x2={W - PAD.r} y1={H - PAD.b} y2={H - PAD.b} />
        {bins.a.map((n, i) => (
          <g key={i}>
            {bar('a', i, n)}
            {bar('b', i, bins.b[i] ?? 0)}
            <text x={PAD.l + i * bw} y={H - PAD.b + 14} textAnchor="middle">
              {i * 10}
            </text>
          </g>
        ))}
        <text x={W - PAD.r} y={H - PAD.b + 14} textAnchor="end">
          100
        </text>
        <text className="axis-title" x={(PAD.l + W - PAD.r) / 2} y={H - 6} textAnchor="middle">
          score of a run
        </text>
        <text
          className="axis-title"
          transform={`translate(12 ${(PAD.t + H - PAD.b) / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          runs
        </text>
      </svg>
      <figcaption className="plot-legend small">
        <span>
          <span className="swatch" style={{ background: 'var(--side-a)' }} /> side a
        </span>
        <span>
          <span className="swatch" style={{ background: 'var(--side-b)' }} /> side b
        </span>
      </figcaption>
      <ReadoutLine readout={readout} />
    </figure>
  )
}
