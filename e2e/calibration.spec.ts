// A/A calibration in a browser against `skill-ab serve` (README "A/A calibration"): an A/B task made by the
// CLI on the same data dir (real opencode, scripted LLM, 2 cases × 1 round, a command evaluator), its
// decision panel offers to measure the noise floor; the button runs the baseline against itself and the
// panel then shows the lift beside the floor, with no reload.
import { expect, test } from 'playwright/test'
import { runCli } from '../test/support/fixtures'
import { ANSWER_EXISTS } from '../test/support/expect-decided'
import { SERVER_AGENT } from '../test/support/server-task'
import { serveApp, type ServedApp } from './support/serve'
import { shoot } from './support/shoot'

let app: ServedApp

test.beforeAll(async () => {
  app = await serveApp({ delayMs: 0 })
})
test.afterAll(async () => {
  await app?.stop()
})

test('the decision panel measures the noise floor and shows the lift beside it', async ({ page }) => {
  test.setTimeout(600_000)
  app.world.write(
    'ab.json',
    JSON.stringify({
      name: 'floor',
      skill: { path: app.skillPath, label: 'v2' },
      dataset: { path: app.datasetPath },
      repeatRounds: 1,
      evaluators: ANSWER_EXISTS,
      agent: SERVER_AGENT,
    }),
  )
  const ab = await runCli(['run', 'ab.json'], app.world.env, app.world.root)
  expect([0, 1, 3], ab.stderr).toContain(ab.code)
  const executedBefore = app.llm.requests.filter((r) => r.kind === 'agent' && !r.skillListed).length

  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto(app.url)
  await page.getByRole('navigation', { name: 'Tasks' }).getByText('floor').click()
  await page.getByRole('tab', { name: 'Decision' }).click()
  const none = page.locator('[data-noise-floor="none"]')
  await expect(none).toContainText('Noise floor not measured')
  await none.getByRole('button', { name: 'Measure noise floor (A/A)' }).click()

  const line = page.locator('[data-noise-floor]:not([data-noise-floor="none"])')
  await expect(line).toContainText(/lift [+-]\d+\.\d vs noise floor ±\d+\.\d \(sd of A\/A differences\)/, {
    timeout: 300_000,
  })
  await expect(line).toContainText('from “floor (A/A calibration)”')
  await expect(line).not.toContainText('not finished', { timeout: 60_000 })
  await expect(line).toContainText(/false passes \d+% of 200 splits \(α 5%\)/)
  // A finished calibration has nothing left to run: it can only be deleted.
  await expect(line.getByRole('button')).toHaveText(['Delete the calibration'])
  // Round 1 of side a was the A/B task's: the calibration executed only round 2 (one run per case).
  const executed = app.llm.requests.filter((r) => r.kind === 'agent' && !r.skillListed).length
  expect(executed - executedBefore).toBe(executedBefore)
  // The calibration is not listed with the A/B tasks.
  await expect(page.getByRole('navigation', { name: 'Tasks' }).locator('[data-task]')).toHaveCount(1)
  await shoot(page, '40-noise-floor', page.locator('[data-verdict]'))

  // Deleted (after a confirm): the panel offers to measure again; the A/B task keeps its runs and verdict.
  const verdict = await page.locator('[data-verdict]').getAttribute('data-verdict')
  page.once('dialog', (d) => void d.accept())
  await line.getByRole('button', { name: 'Delete the calibration' }).click()
  await expect(none).toContainText('Noise floor not measured')
  await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', verdict ?? '')
  // Gone from the data dir, not only from the panel: a reload finds no floor either.
  await page.reload()
  await page.getByRole('tab', { name: 'Decision' }).click()
  await expect(none).toContainText('Noise floor not measured')
})
