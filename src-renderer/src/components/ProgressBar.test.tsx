// @vitest-environment happy-dom
import { afterEach, expect, it } from 'vitest'
import { render, type Rendered } from '../testing/render.fixture'
import { countsFromStatus, ProgressBar } from './ProgressBar'

let view: Rendered | undefined
afterEach(() => view?.unmount())

it('counts a run the tamper screen failed as finished and as judge tampering, not as a failed run', async () => {
  const runs = { pending: 1, running: 0, executed: 0, evaluating: 0, scored: 2, failed: 3, canceled: 0 }
  const counts = countsFromStatus({ runs, failedEvaluations: 1, tampered: 1 })
  view = await render(<ProgressBar counts={counts} total={6} />)
  const legend = (k: string) => view?.container.querySelector(`[data-count="${k}"]`)?.textContent
  expect(legend('tampered')).toBe('1 judge tampering')
  expect(legend('exec-failed')).toBe('1 run failed')
  expect(legend('eval-failed')).toBe('1 eval failed')
  expect(view.container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('5')
})
