// @vitest-environment happy-dom
// A failed run's badge names the failure in words and says whether it counts and what to do.
import { afterEach, describe, expect, it } from 'vitest'
import { run } from '../testing/views.fixture'
import { render, type Rendered } from '../testing/render.fixture'
import { RunBadge, TaskVerdictBadge } from './badges'

let view: Rendered | undefined
afterEach(() => view?.unmount())

async function badge(extra: Parameters<typeof run>[4]): Promise<HTMLElement> {
  view = await render(<RunBadge run={run('t1', 'c1', 'b', 1, extra)} />)
  return view.container.querySelector('.badge') as HTMLElement
}

describe('RunBadge of a failed execution', () => {
  it('a provider error: "provider error", not counted, and continuing the task executes it again', async () => {
    const b = await badge({
      status: 'failed',
      failureType: 'provider_error',
      failureMessage: 'APIError (HTTP 503): overloaded',
    })
    expect(b.textContent).toBe('run failed: provider error')
    expect(b.getAttribute('title')).toBe(
      'Execution failed (provider error): APIError (HTTP 503): overloaded — the model provider failed ' +
        '(5xx, rate limit, network or credentials): not counted against either side; continuing the task ' +
        'executes it again',
    )
  })

  it("the agent's own error: counted against its side, re-run by hand", async () => {
    const b = await badge({
      status: 'failed',
      failureType: 'agent_error',
      failureMessage: 'ContextOverflowError',
    })
    expect(b.textContent).toBe('run failed: agent error')
    expect(b.getAttribute('title')).toMatch(/counts against its side; re-run it$/)
  })
})

describe("a task's verdict badge", () => {
  const none = { pending: 0, running: 0, executed: 0, evaluating: 0, scored: 0, failed: 0, canceled: 0 }
  it('says "no verdict yet" until a run has finished, then the verdict', async () => {
    view = await render(
      <TaskVerdictBadge verdict="inconclusive" runs={{ ...none, pending: 2, evaluating: 2 }} />,
    )
    expect(view.container.textContent).toBe('no verdict yet')
    view.unmount()
    view = await render(
      <TaskVerdictBadge verdict="inconclusive" runs={{ ...none, scored: 1, evaluating: 3 }} />,
    )
    expect(view.container.textContent).toBe('inconclusive')
  })
})
