// @vitest-environment happy-dom
import { afterEach, expect, it } from 'vitest'
import type { BatchView, CaseAnalysisView } from '../../../src-shared/ipc-views'
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

it('a case analysis opens below the list with its mean, per-case scores and judge reasons', async () => {
  const analysis: CaseAnalysisView = {
    taskId: 'task_batch_plain',
    name: 'pirate on cases',
    skillName: 'pirate-speak',
    skillVersion: 'v2',
    batchId: 'batch_plain',
    mean: 75,
    cases: [
      {
        caseId: 'greet',
        score: 75,
        runs: [
          { id: 'r1', round: 1, status: 'scored', failureType: null, score: 75, reason: '3 pirate words' },
        ],
      },
      {
        caseId: 'knot',
        score: null,
        runs: [
          { id: 'r2', round: 1, status: 'failed', failureType: 'timeout', score: null, reason: 'no answer' },
        ],
      },
    ],
  }
  const fake = installFakeApi({
    'evaluations.batches': () => [batch('batch_ab', 'grayscale-ab'), batch('batch_plain', 'case-analysis')],
    'evaluations.analysis': () => analysis,
  })
  view = await render(<EvaluationCenter />)
  await settle()
  await click(view.container.querySelector('[data-batch="batch_plain"] button.link'))
  await settle()
  expect(fake.calls.at(-1)).toEqual({
    channel: 'evaluations.analysis',
    payload: { taskId: 'task_batch_plain' },
  })
  const panel = view.container.querySelector('[aria-label="Case analysis pirate on cases"]')
  expect(panel?.querySelector('[data-testid="analysis-mean"]')?.textContent).toBe('75.0')
  expect(panel?.querySelector('[data-case="greet"]')?.textContent).toContain('3 pirate words')
  expect(panel?.querySelector('[data-case="knot"]')?.textContent).toContain('run failed: timeout')
  await click([...(panel?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Close'))
  expect(view.container.querySelector('[aria-label^="Case analysis"]')).toBeNull()
})
