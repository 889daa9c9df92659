// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, expect, it } from 'vitest'
import type { BatchView, CaseAnalysisView, JudgeAgreement } from '../../../src-shared/ipc-views'
import { installFakeApi } from '../testing/fake-api.fixture'
import { click, render, settle, type Rendered } from '../testing/render.fixture'
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
  means: source === 'grayscale-ab' ? { a: 40, b: 70 } : { a: null, b: 70 },
  createdAt: '2026-01-01T00:00:00Z',
})

it('invariant 7: the evaluation center shows every batch with its source; case analysis asks for (and shows) no A/B batch', async () => {
  const fake = installFakeApi({
    'evaluations.agreement': () => [],
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
  // The source in words, and each side's mean (never one over both sides).
  const row = (id: string) => view?.container.querySelector(`[data-batch="${id}"]`)
  expect(row('batch_ab')?.querySelector('[data-source]')?.textContent).toBe('A/B task')
  expect(row('batch_ab')?.textContent).not.toContain('grayscale-ab')
  expect(row('batch_ab')?.querySelector('[data-means]')?.textContent).toBe('a 40.0 · b 70.0')
  expect(row('batch_plain')?.querySelector('[data-source]')?.textContent).toBe('case analysis')
  expect(row('batch_plain')?.querySelector('[data-means]')?.textContent).toBe('70.0')
  await click(
    [...view.container.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Case analysis'),
  )
  await settle()
  expect(fake.calls.filter((c) => c.channel === 'evaluations.batches').map((c) => c.payload)).toEqual([
    { view: 'center' },
    { view: 'case-analysis' },
  ])
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
    'evaluations.agreement': () => [],
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
  await click([...(panel?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Close (Esc)'))
  expect(view.container.querySelector('[aria-label^="Case analysis"]')).toBeNull()
  // Escape closes it too, as it leaves every other view opened over a screen.
  await click(view.container.querySelector('[data-batch="batch_plain"] button.link'))
  await settle()
  expect(view.container.querySelector('[aria-label^="Case analysis"]')).not.toBeNull()
  await act(async () =>
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })),
  )
  expect(view.container.querySelector('[aria-label^="Case analysis"]')).toBeNull()
})

it('shows per evaluator how far the judge is from your corrections, with what each figure means', async () => {
  const agreement: JudgeAgreement[] = [
    {
      evaluatorId: 'preset-agent-task-completion',
      n: 6,
      meanAbsDiff: 12.5,
      meanDiff: -8,
      within10: 0.5,
      spearman: 0.83,
    },
    { evaluatorId: 'tone', n: 2, meanAbsDiff: 30, meanDiff: 30, within10: 0, spearman: null },
  ]
  installFakeApi({ 'evaluations.batches': () => [], 'evaluations.agreement': () => agreement })
  view = await render(<EvaluationCenter />)
  await settle()
  const section = view.container.querySelector('[aria-label="Judge agreement"]')
  expect(section?.textContent).toContain(
    'Judge vs your corrections: n corrected runs with a judge score, mean |Δ|',
  )
  const row = (id: string) =>
    [...(section?.querySelectorAll(`[data-agreement="${id}"] td`) ?? [])].map((td) => td.textContent)
  expect(row('preset-agent-task-completion')).toEqual([
    'preset-agent-task-completion',
    '6',
    '12.5',
    '-8.0',
    '50%',
    '0.83',
  ])
  expect(row('tone')).toEqual(['tone', '2', '30.0', '30.0', '0%', '–'])
})

it('says how to get judge agreement when nothing was corrected yet', async () => {
  installFakeApi({ 'evaluations.batches': () => [], 'evaluations.agreement': () => [] })
  view = await render(<EvaluationCenter />)
  await settle()
  expect(view.container.querySelector('[aria-label="Judge agreement"]')?.textContent).toContain(
    'No correction yet',
  )
})
