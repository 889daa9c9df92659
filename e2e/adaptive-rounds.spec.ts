// Adaptive rounds in a browser against `skill-ab serve` (real opencode, scripted LLM, a command evaluator):
// a task set up with min 1, max 3 rounds whose two cases show a clear effect stops at its first look, and
// the task view and the decision panel say how many rounds each case got.
import { expect, test } from 'playwright/test'
import type { ScriptStep } from '../test/support/scripted-llm'
import { fillCommandTask, WRITES_THE_ANSWER } from './support/command-task'
import { runs } from './support/page-debug'
import { serveApp, type ServedApp } from './support/serve'
import { shoot } from './support/shoot'

/** b (offered the skill) writes the answer the command evaluator checks for; a does not: 100 against 0. */
const WRITES = WRITES_THE_ANSWER
const REFUSES: ScriptStep[] = [{ text: 'I cannot do that.' }]

let app: ServedApp

test.beforeAll(async () => {
  app = await serveApp({ delayMs: 0, llm: { defaultScript: { withSkill: WRITES, withoutSkill: REFUSES } } })
})
test.afterAll(async () => {
  await app?.stop()
})

test('a clear effect stops at min rounds: 1 round per case of at most 3, shown in the task and its decision', async ({
  page,
}) => {
  test.setTimeout(600_000)
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto(app.url)
  await fillCommandTask(page, app, 'adaptive clear effect')
  await page.getByLabel('Adaptive rounds: min').fill('1')
  await page.getByLabel('Adaptive rounds: max').fill('3')
  // The skill's answer costs tokens a's refusal does not: this task is about rounds, not cost.
  await page.getByLabel('Cost budget').fill('100')
  await expect(page.getByText('Ready.')).toBeVisible()
  await page.getByTestId('create-task').click()

  await expect(page.getByTestId('task-title')).toContainText('adaptive clear effect')
  await expect(page.getByText('2 cases × 1–3 rounds (adaptive) × 2 sides')).toBeVisible()
  await expect
    .poll(async () => (await runs(page)).map((r) => r.status).join(','), {
      timeout: 420_000,
      intervals: [1000],
    })
    .toBe(Array(4).fill('scored').join(','))
  expect((await runs(page)).map((r) => r.round)).toEqual([1, 1, 1, 1])

  await page.getByRole('tab', { name: 'Decision' }).click()
  const verdict = page.locator('[data-verdict]')
  await expect(verdict).toHaveAttribute('data-verdict', 'pass')
  await expect(verdict).toContainText(
    'adaptive rounds (min 1, max 3): 1 look, stopped (pass); 2 cases at 1 round; 4 of at most 12 runs',
  )
  await shoot(page, '40-adaptive-rounds-decision', verdict)
})
