// Estimate and budget in a browser against `skill-ab serve` (docs/decision.md "Estimate", "Budget"): a task
// run by the CLI with a dollar cap stops early (real opencode, the priced scripted model); the app shows
// its spend against the cap, and the setup screen estimates a new task on the same dataset before "Start".
import { expect, test } from 'playwright/test'
import { runCli } from '../test/support/fixtures'
import { WRITES_THE_ANSWER } from './support/command-task'
import { serveApp, type ServedApp } from './support/serve'
import { shoot } from './support/shoot'

let app: ServedApp

test.beforeAll(async () => {
  app = await serveApp({
    delayMs: 0,
    llm: { defaultScript: { withSkill: WRITES_THE_ANSWER, withoutSkill: WRITES_THE_ANSWER } },
  })
})
test.afterAll(async () => {
  await app?.stop()
})

test('spend against the cap of a capped task, and the estimate of a new task before it starts', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const config = app.world.write(
    'capped.json',
    JSON.stringify({
      name: 'capped',
      skill: { path: app.skillPath },
      dataset: { path: app.datasetPath },
      repeatRounds: 2,
      agent: { model: 'scripted/agent', driver: 'server', concurrency: 2, timeoutSec: 120 },
      evaluators: [{ id: 'answer', kind: 'command', command: 'test -f answer.txt' }],
    }),
  )
  // Nothing of this dataset ran before: the first run runs alone to measure what a run costs; it costs more
  // than the whole cap, so nothing else starts (a cap cannot stop a run that is already running).
  const capped = await runCli(['run', config, '--max-cost', '0.01'], app.world.env, app.world.root)
  expect(capped.code, capped.stderr).toBe(4)
  expect(capped.stderr).toMatch(/stopped at \$[\d.]+ of the \$0\.0100 cap, 7 runs left/)

  await page.setViewportSize({ width: 1366, height: 900 })
  const { taskId } = JSON.parse(capped.stdout) as { taskId: string }
  await page.goto(`${app.url}#/task/${taskId}`)
  await page.getByRole('tab', { name: 'Decision' }).click()
  const cap = page.getByTestId('spend-cap')
  await expect(cap).toContainText(/\$[\d.]+ of the \$0\.0100 cap \(\d+%\)/)
  await shoot(page, '12-spend-cap', page.getByTestId('spend'))

  await page.getByRole('link', { name: 'New task' }).click()
  await page.getByTestId('task-name').fill('estimated')
  await page.getByTestId('skill-path').fill(app.skillPath)
  await page.getByTestId('dataset-path').fill(app.datasetPath)
  await page.getByLabel('Rounds per case and side').fill('3')
  await page.getByTestId('agent-model').fill('scripted/agent')
  await page.getByTestId('judge-model').fill('scripted/judge')
  await expect(page.getByText('Ready.')).toBeVisible()
  const estimate = page.getByTestId('estimate')
  // 2 cases × 3 rounds × 2 sides, priced from the capped task's runs on this dataset and model.
  await expect(estimate).toContainText(/Estimate: the whole task 12 runs: ~[\d,]+ tokens, ~\$[\d.]+/)
  await expect(estimate).toContainText(/based on \d+ executed runs? of 1 earlier task on this dataset/)
  // A cap set in the form: the projected cost of a run (from the runs above) lets one start, not two.
  await page.getByText('Limits: concurrency and timeouts').click()
  await page.getByLabel('Max cost (USD)').fill('0.03')
  await expect(page.getByText('Ready.')).toBeVisible()
  await expect(estimate).toBeVisible()
  await estimate.scrollIntoViewIfNeeded()
  await shoot(page, '12-setup-estimate')
  await page.getByTestId('create-task').click()
  await expect(page.getByTestId('task-title')).toContainText('estimated')
  await expect(page.locator('.banner.error')).toContainText(
    /stopped at \$[\d.]+ of the \$0\.0300 cap, 11 runs left; run again with a higher cap to continue/,
    { timeout: 120_000 },
  )
  await page.getByRole('tab', { name: 'Decision' }).click()
  await expect(page.getByTestId('spend-cap')).toContainText(/of the \$0\.0300 cap/)
  await shoot(page, '12-task-stopped-by-cap')
})
