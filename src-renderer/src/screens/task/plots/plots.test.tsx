// @vitest-environment happy-dom
// The decision panel's plots name what they show: sorted cases with their means and rounds, round ticks,
// axis titles, a labelled CI band, and marks a keyboard reaches and opens.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { run } from '../../../testing/views.fixture'
import { render, type Rendered } from '../../../testing/render.fixture'
import { DeltaPlot } from './DeltaPlot'
import { axisTicks, binText, caseDeltas, deltaText } from './plot-data'
import { ScoreHistogram } from './ScoreHistogram'

let view: Rendered | undefined
afterEach(() => view?.unmount())

const scored = (caseId: string, side: 'a' | 'b', round: number, score: number) =>
  run('t', caseId, side, round, { status: 'scored', score })
const RUNS = [
  scored('small-lift', 'a', 1, 50),
  scored('small-lift', 'b', 1, 55),
  scored('hurts', 'a', 1, 80),
  scored('hurts', 'b', 1, 60),
  scored('big-lift', 'a', 1, 20),
  scored('big-lift', 'a', 2, 30),
  scored('big-lift', 'b', 1, 90),
  scored('big-lift', 'b', 2, 100),
]

describe('plot data', () => {
  it('sorts cases by difference, biggest lift first, each with its a and b means and rounds', () => {
    const deltas = caseDeltas(RUNS)
    expect(deltas.map((d) => d.caseId)).toEqual(['big-lift', 'small-lift', 'hurts'])
    expect(deltas[0]).toMatchObject({ a: 25, b: 95, diff: 70, nA: 2, nB: 2 })
    expect(deltaText(deltas[0]!)).toMatch(
      /^big-lift: b − a \+70 \(a 25 over 2 rounds, b 95 over 2 rounds\); interval/,
    )
    expect(deltaText(deltas[2]!)).toBe('hurts: b − a -20 (a 80 over 1 round, b 60 over 1 round)')
  })

  it('ticks are round numbers spanning every value (not -11, 0 and 58)', () => {
    const { lo, hi, ticks } = axisTicks([-11, 0, 58])
    expect(ticks).toEqual([-20, 0, 20, 40, 60])
    expect([lo, hi]).toEqual([-20, 60])
    expect(axisTicks([0, 3]).ticks).toEqual([0, 1, 2, 3])
  })

  it('a bar reads its side, count and range', () => {
    expect(binText('b', 4, 3)).toBe('side b: 3 runs scored 40 to under 50')
    expect(binText('a', 9, 1)).toBe('side a: 1 run scored 90 to 100')
  })
})

describe('the per-case plot', () => {
  it('names each case on its row, titles its axis and labels the CI band', async () => {
    view = await render(<DeltaPlot deltas={caseDeltas(RUNS)} ciLow={-5} ciHigh={40} minLift={10} />)
    const texts = [...view.container.querySelectorAll('svg text')].map((t) => t.textContent)
    expect(texts).toEqual(
      expect.arrayContaining([
        'big-lift',
        'small-lift',
        'hurts',
        'mean b − mean a per case, in score points',
      ]),
    )
    expect(view.container.querySelector('figcaption')?.textContent).toContain(
      '95% CI of the mean difference (-5.0 to 40.0)',
    )
    expect(view.container.querySelector('figcaption')?.textContent).toContain('min lift 10')
  })

  it('every dot is a tab stop that reads out its case and opens it with Enter', async () => {
    const opened: string[] = []
    view = await render(
      <DeltaPlot
        deltas={caseDeltas(RUNS)}
        ciLow={null}
        ciHigh={null}
        minLift={10}
        onOpenCase={(id) => opened.push(id)}
      />,
    )
    const marks = [...view.container.querySelectorAll<SVGGElement>('.plot-mark')]
    expect(marks.map((m) => m.getAttribute('tabindex'))).toEqual(['0', '0', '0'])
    expect(marks[2]?.getAttribute('aria-label')).toContain(
      'hurts: b − a -20 (a 80 over 1 round, b 60 over 1 round)',
    )
    const readout = () => view?.container.querySelector('.plot-readout')?.textContent
    expect(readout()).toContain('Tab to a dot')
    await act(async () => marks[1]?.dispatchEvent(new FocusEvent('focusin', { bubbles: true })))
    expect(readout()).toContain('small-lift: b − a +5')
    await act(async () =>
      marks[1]?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })),
    )
    expect(opened).toEqual(['small-lift'])
  })
})

describe('the score histogram', () => {
  it('titles both axes, scales runs in whole numbers and makes every non-empty bar readable', async () => {
    view = await render(<ScoreHistogram runs={RUNS} />)
    const texts = [...view.container.querySelectorAll('svg text')].map((t) => t.textContent)
    expect(texts).toEqual(expect.arrayContaining(['score of a run', 'runs', '0', '1', '2']))
    const labels = [...view.container.querySelectorAll('.plot-mark')].map((m) => m.getAttribute('aria-label'))
    expect(labels).toHaveLength(7)
    expect(labels).toContain('side b: 2 runs scored 90 to 100')
  })
})
