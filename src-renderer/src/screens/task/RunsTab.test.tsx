// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { useTaskView } from '../../stores/task-view-store'
import { installFakeApi } from '../../testing/fake-api.fixture'
import { detail, run, summary } from '../../testing/views.fixture'
import { act } from 'react'
import { useRoute } from '../../stores/route-store'
import {
  choose,
  click,
  during,
  giveLayout,
  render,
  settle,
  type Rendered,
} from '../../testing/render.fixture'
import { RunsTab } from './RunsTab'
import { forgetTableMemory } from './table-memory'

let view: Rendered | undefined
giveLayout()
afterEach(() => {
  view?.unmount()
  forgetTableMemory()
})

const s = summary('t1', 'task one', {
  runs: { pending: 0, running: 0, executed: 0, evaluating: 0, scored: 2, failed: 2, canceled: 0 },
})
const runs = [
  run('t1', 'c1', 'a', 1, { status: 'scored', score: 40 }),
  run('t1', 'c1', 'b', 1, {
    status: 'failed',
    failureType: null,
    failureMessage: 'judge output unparseable',
  }),
  run('t1', 'c2', 'a', 1, {
    status: 'failed',
    failureType: 'timeout',
    failureMessage: 'no progress for 120 s',
  }),
  run('t1', 'c2', 'b', 1, { status: 'scored', score: 90 }),
]

async function open(list = runs) {
  const fake = installFakeApi({
    'tasks.get': () => ({ task: detail(s), runs: list, complete: true, seq: 0 }),
    'runs.reevaluate': () => ({ ok: true }),
    'runs.rerun': () => ({ ok: true }),
  })
  useTaskView.setState({ taskId: null, detail: null })
  await during(() => useTaskView.getState().open('t1'))
  view = await render(<RunsTab detail={useTaskView.getState().detail!} />)
  return fake
}

const cell = (id: string) => view?.container.querySelector(`[data-run="${id}"]`)
const q = (selector: string) => view?.container.querySelector(selector)
const skillFilter = () =>
  [...(view?.container.querySelectorAll<HTMLInputElement>('.rt-controls input') ?? [])].find((i) =>
    i.parentElement?.textContent?.includes('did not use the skill'),
  )
const shownCases = () =>
  [...(view?.container.querySelectorAll('[data-case]') ?? [])].map((r) => r.getAttribute('data-case'))
const labelled = (text: string) =>
  [...(view?.container.querySelectorAll('label') ?? [])]
    .find((l) => l.textContent?.startsWith(text))
    ?.querySelector('select, input')
async function press(key: string, target = q('[role="grid"]')) {
  await act(async () => {
    target?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
  })
}

describe('run view', () => {
  it('says beside the progress how many baseline runs came from earlier tasks and what that saved', async () => {
    const reused = { runs: 2, judged: 1, usd: 0.0312, unpriced: 0 }
    installFakeApi({
      'tasks.get': () => ({ task: detail({ ...s, reused }), runs, complete: true, seq: 0 }),
    })
    useTaskView.setState({ taskId: null, detail: null })
    await during(() => useTaskView.getState().open('t1'))
    view = await render(<RunsTab detail={useTaskView.getState().detail!} />)
    expect(view.container.querySelector('[aria-label="Baseline reuse"]')?.textContent).toBe(
      'reused 2 baseline runs of earlier tasks (1 with their judge results): saved $0.0312',
    )
  })

  it('says nothing about reuse when no run was reused', async () => {
    await open()
    expect(view?.container.querySelector('[aria-label="Baseline reuse"]')).toBeNull()
  })

  it('tells an execution failure from an evaluation failure, and shows a and b scores per round with the difference', async () => {
    await open()
    expect(cell('t1-c1-b1')?.textContent).toContain('eval failed')
    expect(cell('t1-c1-b1')?.querySelector('.badge')?.getAttribute('title')).toMatch(
      /execution is kept; re-evaluate/,
    )
    // The table names a failed execution by its failure; the badge's title says it is one.
    expect(cell('t1-c2-a1')?.textContent).toBe('timeout')
    expect(cell('t1-c2-a1')?.querySelector('.badge')?.getAttribute('title')).toMatch(
      /^Execution failed \(timeout\).*re-run it/,
    )
    expect(cell('t1-c1-a1')?.textContent).toContain('40')
    const c2 = view?.container.querySelector('[data-case="c2"]')
    expect(c2?.textContent).toContain('90')
    expect(view?.container.textContent).toContain('4 of 4 runs finished')
  })

  it('counts failed evaluations apart from failed executions while the rest of the runs load', async () => {
    // The first screenful holds c1 only (the rest never comes); the progress line counts the whole task
    // from its summary.
    installFakeApi({
      'tasks.get': (req: { firstCases?: number }) =>
        req.firstCases === undefined
          ? new Promise(() => {})
          : {
              task: detail({ ...s, failedEvaluations: 1 }),
              runs: runs.slice(0, 2),
              complete: false,
              seq: 0,
            },
    })
    useTaskView.setState({ taskId: null, detail: null })
    await during(() => useTaskView.getState().open('t1'))
    view = await render(<RunsTab detail={useTaskView.getState().detail!} />)
    expect(useTaskView.getState().complete).toBe(false)
    expect(q('[data-count="eval-failed"]')?.textContent).toBe('1 eval failed')
    expect(q('[data-count="exec-failed"]')?.textContent).toBe('1 run failed')
  })

  it('re-evaluates only the evaluation failures and re-runs only the execution failures in bulk', async () => {
    const fake = await open()
    const buttons = [...(view?.container.querySelectorAll('button') ?? [])]
    await click(buttons.find((b) => b.textContent?.startsWith('Re-evaluate failed (1)')))
    await click(buttons.find((b) => b.textContent?.startsWith('Re-run failed (1)')))
    await settle()
    expect(fake.calls.filter((c) => c.channel !== 'tasks.get')).toEqual([
      { channel: 'runs.reevaluate', payload: { taskId: 't1', failedOnly: true } },
      { channel: 'runs.rerun', payload: { taskId: 't1', runIds: ['t1-c2-a1'] } },
    ])
  })

  it('re-evaluates a selected case: only its runs whose execution completed', async () => {
    const fake = await open()
    await click(view?.container.querySelector('[aria-label="select case c1"]'))
    await click(
      [...(view?.container.querySelectorAll('button') ?? [])].find(
        (b) => b.textContent === 'Re-evaluate selected',
      ),
    )
    await settle()
    expect(fake.calls.find((c) => c.channel === 'runs.reevaluate')?.payload).toEqual({
      taskId: 't1',
      runIds: ['t1-c1-a1', 't1-c1-b1'],
    })
  })
})

describe('skill use in the run table', () => {
  const NOT_USED = '[aria-label="skill not used in this run"]'

  it('marks the b runs that executed without invoking the skill, and only those', async () => {
    await open([
      run('t1', 'c1', 'a', 1, { status: 'scored', score: 40, skillLoaded: false }),
      run('t1', 'c1', 'b', 1, { status: 'scored', score: 45, skillLoaded: false }),
      run('t1', 'c2', 'a', 1, { status: 'scored', score: 50, skillLoaded: false }),
      run('t1', 'c2', 'b', 1, { status: 'scored', score: 90, skillLoaded: true }),
      run('t1', 'c1', 'b', 2, { status: 'failed', failureType: null, skillLoaded: false }),
      run('t1', 'c2', 'b', 2, { status: 'running', skillLoaded: null }),
    ])
    const marked = [...(view?.container.querySelectorAll(NOT_USED) ?? [])].map((m) =>
      m.closest('[data-run]')?.getAttribute('data-run'),
    )
    expect(marked).toEqual(['t1-c1-b1', 't1-c1-b2'])
    expect(cell('t1-c1-b1')?.querySelector(NOT_USED)?.getAttribute('title')).toBe(
      'skill not used in this run',
    )
    expect(view?.container.textContent).toContain('⊘ b did not use the skill')
  })

  it('shows no marker and no legend when every b run used the skill', async () => {
    await open([
      run('t1', 'c1', 'a', 1, { status: 'scored', score: 40, skillLoaded: false }),
      run('t1', 'c1', 'b', 1, { status: 'scored', score: 45, skillLoaded: true }),
    ])
    expect(view?.container.querySelector(NOT_USED)).toBeNull()
    expect(view?.container.textContent).not.toContain('⊘ b did not use the skill')
    expect(skillFilter()?.disabled).toBe(true)
  })

  it('labels a provider error as not counted against the side', async () => {
    await open([
      run('t1', 'c1', 'b', 1, {
        status: 'failed',
        failureType: 'provider_error',
        failureMessage: 'HTTP 503 from the provider',
      }),
    ])
    const badge = cell('t1-c1-b1')?.querySelector('.badge')
    expect(badge?.textContent).toBe('provider error')
    expect(badge?.getAttribute('title')).toMatch(/HTTP 503.*not counted against either side/)
  })
})

describe('reviewing many cases: sort, filter, columns, keyboard', () => {
  // c1: Δ −30 (scored), c2: Δ +50 but b did not use the skill, c3: a failed execution, Δ unknown.
  const three = [
    run('t1', 'c1', 'a', 1, { status: 'scored', score: 70 }),
    run('t1', 'c1', 'b', 1, { status: 'scored', score: 40, skillLoaded: true }),
    run('t1', 'c2', 'a', 1, { status: 'scored', score: 10 }),
    run('t1', 'c2', 'b', 1, { status: 'scored', score: 60, skillLoaded: false }),
    run('t1', 'c3', 'a', 1, { status: 'failed', failureType: 'crashed' }),
    run('t1', 'c3', 'b', 1, { status: 'running' }),
  ]

  it('sorts by Δ from the menu or the Δ header (cases without a Δ last), and by status, failures first', async () => {
    await open(three)
    expect(shownCases()).toEqual(['c1', 'c2', 'c3'])
    await choose(labelled('Sort by'), 'delta-desc')
    expect(shownCases()).toEqual(['c2', 'c1', 'c3'])
    await choose(labelled('Sort by'), 'status-asc')
    expect(shownCases()[0]).toBe('c3')
    await choose(labelled('Sort by'), '')
    const deltaHeader = [...(view?.container.querySelectorAll('[role="columnheader"]') ?? [])].find((h) =>
      h.textContent?.startsWith('Δ'),
    )
    // A number sorts largest first on the first click.
    await click(deltaHeader?.querySelector('button'))
    expect(deltaHeader?.getAttribute('aria-sort')).toBe('descending')
    expect(shownCases()).toEqual(['c2', 'c1', 'c3'])
    await click(deltaHeader?.querySelector('button'))
    expect(deltaHeader?.getAttribute('aria-sort')).toBe('ascending')
    expect(shownCases()).toEqual(['c1', 'c2', 'c3'])
    expect((labelled('Sort by') as HTMLSelectElement).value).toBe('delta-asc')
  })

  it('shows only the cases of one status, or where b did not use the skill, and says how many it hides', async () => {
    await open(three)
    await choose(labelled('Show'), 'failed')
    expect(shownCases()).toEqual(['c3'])
    expect(q('.rt-controls')?.textContent).toContain('showing 1 of 3 cases')
    await choose(labelled('Show'), '')
    expect(skillFilter()?.parentElement?.textContent).toContain('(1)')
    await click(skillFilter())
    expect(shownCases()).toEqual(['c2'])
  })

  it('selects only the cases a filter shows, and leaves a selected case the filter hides out of bulk actions', async () => {
    const fake = await open(three)
    const button = (text: string) =>
      [...(view?.container.querySelectorAll('[aria-label="Bulk actions"] button') ?? [])].find((b) =>
        b.textContent?.startsWith(text),
      )
    const bulk = () => q('[aria-label="Bulk actions"] span')?.textContent
    expect(button('Select all 3')).toBeDefined()
    await choose(labelled('Show'), 'scored')
    await click(button('Select 2 shown'))
    expect(bulk()).toBe('2 cases selected')
    expect(q('[data-case="c1"]')?.getAttribute('aria-selected')).toBe('true')
    // c3 (failed) was never shown, so never selected; now the filter hides c1 and c2 instead.
    await choose(labelled('Show'), 'failed')
    expect(bulk()).toBe('2 selected are hidden by the filter, left out of bulk actions')
    await click(q('[aria-label="select case c3"]'))
    expect(bulk()).toBe('1 case selected · 2 selected are hidden by the filter, left out of bulk actions')
    await click(button('Re-run selected'))
    await settle()
    expect(fake.calls.find((c) => c.channel === 'runs.rerun')?.payload).toEqual({
      taskId: 't1',
      runIds: ['t1-c3-a1'],
    })
  })

  it('hides and shows columns from the Columns menu', async () => {
    await open(three)
    const header = () =>
      [...(view?.container.querySelectorAll('[role="columnheader"]') ?? [])].map((h) => h.textContent)
    expect(header()).toContain('mean a')
    expect(header()).not.toContain('status')
    const toggle = (name: string) =>
      [...(view?.container.querySelectorAll('.rt-columns label') ?? [])]
        .find((l) => l.textContent?.trim() === name)
        ?.querySelector('input')
    await click(toggle('mean a'))
    await click(toggle('status'))
    expect(header()).not.toContain('mean a')
    expect(header()).toContain('status')
    expect(q('[data-case="c3"]')?.textContent).toContain('failed')
  })

  it('moves a real cursor with the arrow keys (aria-activedescendant), opens its run with Enter and selects its case with Space', async () => {
    await open(three)
    const grid = q('[role="grid"]') as HTMLElement
    await act(async () => grid.focus())
    const active = () => document.getElementById(grid.getAttribute('aria-activedescendant') ?? '')
    expect(active()?.querySelector('[data-run]')?.getAttribute('data-run')).toBe('t1-c1-a1')
    await press('ArrowRight')
    await press('ArrowDown')
    expect(active()?.querySelector('[data-run]')?.getAttribute('data-run')).toBe('t1-c2-b1')
    expect(active()?.classList.contains('cursor')).toBe(true)
    await press('Enter')
    expect(useRoute.getState().route).toMatchObject({ taskId: 't1', runId: 't1-c2-b1' })
    await press(' ')
    expect(q('[data-case="c2"]')?.getAttribute('aria-selected')).toBe('true')
    // The cursor follows the sorted order: the first row is now c2.
    await choose(labelled('Sort by'), 'delta-desc')
    await press('ArrowUp')
    expect(active()?.querySelector('[data-run]')?.getAttribute('data-run')).toBe('t1-c2-b1')
  })
})

describe('start-up', () => {
  it('says what a starting task is doing per side, and the line goes once the runs start', async () => {
    installFakeApi({
      'tasks.get': () => ({
        task: {
          ...detail(s),
          startup: {
            startedAt: new Date().toISOString(),
            driver: 'server',
            sides: { a: 'proving', b: 'starting' },
          },
        },
        runs: [],
        complete: true,
        seq: 0,
      }),
    })
    useTaskView.setState({ taskId: null, detail: null })
    await during(() => useTaskView.getState().open('t1'))
    view = await render(<RunsTab detail={useTaskView.getState().detail!} />)
    const line = () => q('[aria-label="Start-up"]')
    expect(line()?.textContent).toContain(
      'side a: ✓ starting its opencode server● proving it sees exactly its own skill…',
    )
    expect(line()?.textContent).toContain('side b: ● starting its opencode server…')
    act(() =>
      useTaskView
        .getState()
        .applyPatch({ runs: [], tasks: [{ taskId: 't1', startup: null }], external: false }),
    )
    view.unmount()
    view = await render(<RunsTab detail={useTaskView.getState().detail!} />)
    expect(line()).toBeNull()
  })
})
