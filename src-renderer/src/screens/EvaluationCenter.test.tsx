// @vitest-environment happy-dom
import { afterEach, expect, it } from 'vitest'
import type { BatchView } from '../../../src-shared/ipc-views'
import { installFakeApi } from '../testing/fake-api'
import { click, render, settle, type Rendered } from '../testing/render'
import { EvaluationCenter } from './EvaluationCenter'

let view: Rendered | undefined
afterEach(() => view?.unmount())

const batch = (batchId: string, source: BatchView['source']): BatchView => ({
  batchId,
  source,
  taskId: `task_${batchId}`,
  taskName: source === 'grayscale-ab' ? 'pirate v2 vs none' : 'pirate on cases',
  skillName: 'pirate-speak',
  skillVersion: 'v2',
  runs: 4,
  scored: 4,
  failed: 0,
  meanScore: 70,
  createdAt: '2026-01-01T00:00:00Z',
})

it('invariant 7: the evaluation center shows every batch with its source; case analysis asks for (and shows) no A/B batch', async () => {
  const fake = installFakeApi({
    // As main answers (src-main/api/batches.ts): the A/B batch only in the center.
    'evaluations.batches': ({ view: v }: { view: string }) =>
      v === 'center'
        ? [batch('batch_ab', 'grayscale-ab'), batch('batch_plain', 'case-analysis')]
        : [batch('batch_plain', 'case-analysis')],
  })
  view = await render(<EvaluationCenter />)
  await settle()
  const shown = () =>
    [...(view?.container.querySelectorAll('[data-batch]') ?? [])].map((r) => r.getAttribute('data-batch'))
  expect(shown()).toEqual(['batch_ab', 'batch_plain'])
  expect(view.container.querySelector('[data-batch="batch_ab"]')?.textContent).toContain('grayscale-ab')
  await click(
    [...view.container.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Case analysis'),
  )
  await settle()
  expect(fake.calls.map((c) => c.payload)).toEqual([{ view: 'center' }, { view: 'case-analysis' }])
  expect(shown()).toEqual(['batch_plain'])
})
