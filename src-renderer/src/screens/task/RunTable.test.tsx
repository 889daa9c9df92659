// @vitest-environment happy-dom
// A big task's first frame, while the rest of its runs load, is drawn before TanStack Table is built; the
// sortable table takes over once that frame is painted, showing the same rows and cells.
import { afterEach, describe, expect, it } from 'vitest'
import { run } from '../../testing/views.fixture'
import { giveLayout, render, settle, type Rendered } from '../../testing/render.fixture'
import { buildRows } from './run-rows'
import { RunTable } from './RunTable'
import { forgetTableMemory } from './table-memory'

let view: Rendered | undefined
giveLayout()
afterEach(() => {
  view?.unmount()
  forgetTableMemory()
})

const CASES = ['c1', 'c2', 'c3']
// The first screenful: c1 and c2 have their runs, c3's are still loading.
const { rows } = buildRows(
  [
    run('t1', 'c1', 'a', 1, { status: 'scored', score: 40 }),
    run('t1', 'c1', 'b', 1, { status: 'scored', score: 90 }),
    run('t1', 'c2', 'a', 1, { status: 'failed', failureType: 'timeout', failureMessage: 'idle' }),
    run('t1', 'c2', 'b', 1, { status: 'scored', score: 70 }),
  ],
  CASES,
  0,
  { everyCase: true },
)

async function table(loading: boolean) {
  const none = () => undefined
  view = await render(
    <RunTable
      rows={rows}
      rounds={1}
      selected={new Set()}
      onToggle={none}
      onOpenRun={none}
      actions={(row) => <button>Re-run {row.caseId}</button>}
      loading={loading}
    />,
  )
}
const all = (selector: string) => [...(view?.container.querySelectorAll(selector) ?? [])]
const rowTexts = () => all('[data-case]').map((r) => r.textContent)
const headers = () => all('[role="columnheader"]').map((h) => h.textContent)

describe('the run table while a task opens', () => {
  it('draws the first screenful before the table is built, then the sortable table shows the same rows', async () => {
    await table(true)
    // The first frame: the rows in dataset order, every column's label, nothing to sort or filter with yet.
    const first = rowTexts()
    expect(all('[data-case]').map((r) => r.getAttribute('data-case'))).toEqual(CASES)
    expect(first[0]).toBe('c140scored90scored4090+50Re-run c1')
    // A timeout counts as 0 in a's mean (failedRunScore 0).
    expect(first[1]).toBe('c2timeout70scored070+70Re-run c2')
    expect(first[2]).toBe('c3……–––Re-run c3')
    expect(headers()).toEqual([
      'select',
      'case',
      'a · round 1',
      'b · round 1',
      'mean a',
      'mean b',
      'Δ',
      'actions',
    ])
    expect(all('.rt-head button.sort')).toHaveLength(0)
    expect(all('.rt-controls select')).toHaveLength(0)
    expect(view?.container.textContent).toContain('3 cases · loading the runs…')

    await settle(300) // the first frame is painted: the table takes over
    expect(rowTexts()).toEqual(first)
    expect(headers()).toEqual([
      'select',
      'case',
      'a · round 1',
      'b · round 1',
      'mean a',
      'mean b',
      'Δ',
      'actions',
    ])
    expect(all('.rt-head button.sort').map((b) => b.textContent)).toEqual(['case', 'mean a', 'mean b', 'Δ'])
    expect(all('.rt-controls select')).toHaveLength(2)
  })

  it('opens sortable at once when every run is already loaded', async () => {
    await table(false)
    expect(all('.rt-head button.sort')).toHaveLength(4)
    expect(all('.rt-controls select')).toHaveLength(2)
  })
})

describe('a run without evidence (docs/decision.md)', () => {
  it('shows its score struck through, says why, and leaves it out of the means', async () => {
    const none = () => undefined
    const legacy = buildRows(
      [
        run('t1', 'c1', 'a', 1, { status: 'scored', score: 40 }),
        run('t1', 'c1', 'b', 1, { status: 'scored', score: 90, withoutEvidence: true }),
      ],
      ['c1'],
      0,
      { everyCase: true },
    )
    view = await render(
      <RunTable
        rows={legacy.rows}
        rounds={1}
        selected={new Set()}
        onToggle={none}
        onOpenRun={none}
        loading={false}
      />,
    )
    const score = view.container.querySelector('[data-side="b"] .score')
    expect(score?.className).toBe('score uncounted')
    expect(score?.getAttribute('title')).toMatch(/^no record of the skills this run was offered: not counted/)
    expect(rowTexts()[0]).toBe('c140scored90scored40––')
  })
})
