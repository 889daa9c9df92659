// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import type { TaskNoiseFloor } from '../../../../src-shared/noise-floor'
import { decisionFixture } from '../../testing/decision.fixture'
import { click, render, type Rendered } from '../../testing/render.fixture'
import { DecisionPanel } from './DecisionPanel'

let view: Rendered | undefined
afterEach(() => view?.unmount())

const FLOOR: TaskNoiseFloor = {
  calibrationTaskId: 'task_cal',
  calibrationName: 'pirate (A/A calibration)',
  finished: true,
  floor: {
    cases: 12,
    rounds: 3,
    sd: 4.14,
    mean: 0.3,
    ciLow: -2.3,
    ciHigh: 2.9,
    splits: 200,
    calls: { pass: 6, reject: 150, inconclusive: 44 },
    falsePassRate: 0.03,
    alpha: 0.05,
  },
}
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ') ?? ''

describe('decision panel: noise floor', () => {
  it("shows the task's lift beside the floor of its calibration, and the false-pass rate against α", async () => {
    view = await render(
      <DecisionPanel decision={decisionFixture()} runs={[]} floor={FLOOR} onCalibrate={() => {}} />,
    )
    const line = view.container.querySelector('[data-noise-floor="task_cal"]')
    expect(text(line)).toContain('lift +3.5 vs noise floor ±4.1 (sd of A/A differences)')
    expect(text(line)).toContain('false passes 3% of 200 splits (α 5%)')
    expect(text(line)).toContain('from “pirate (A/A calibration)”')
    expect(line?.querySelector('button')).toBeNull() // finished: nothing left to run
  })

  it('offers to delete the calibration its floor comes from', async () => {
    let deleted = 0
    view = await render(
      <DecisionPanel
        decision={decisionFixture()}
        runs={[]}
        floor={FLOOR}
        onCalibrate={() => {}}
        onDeleteCalibration={() => (deleted += 1)}
      />,
    )
    const line = view.container.querySelector('[data-noise-floor="task_cal"]')
    const buttons = [...(line?.querySelectorAll('button') ?? [])]
    expect(buttons.map((b) => b.textContent)).toEqual(['Delete the calibration'])
    await click(buttons[0])
    expect(deleted).toBe(1)
  })

  it('offers to continue a calibration that is not finished', async () => {
    let asked = 0
    const unfinished = { ...FLOOR, finished: false }
    view = await render(
      <DecisionPanel
        decision={decisionFixture()}
        runs={[]}
        floor={unfinished}
        onCalibrate={() => (asked += 1)}
      />,
    )
    const line = view.container.querySelector('[data-noise-floor="task_cal"]')
    expect(text(line)).toContain('(not finished)')
    await click(line?.querySelector('button'))
    expect(asked).toBe(1)
  })

  it('without a calibration, offers to measure one; an export (no floor given) shows nothing', async () => {
    let asked = 0
    view = await render(
      <DecisionPanel decision={decisionFixture()} runs={[]} floor={null} onCalibrate={() => (asked += 1)} />,
    )
    const none = view.container.querySelector('[data-noise-floor="none"]')
    expect(text(none)).toContain('Noise floor not measured')
    await click(none?.querySelector('button') as HTMLElement)
    expect(asked).toBe(1)
    view.unmount()
    view = await render(<DecisionPanel decision={decisionFixture()} runs={[]} />)
    expect(view.container.querySelector('[data-noise-floor]')).toBeNull()
  })
})
