// The whole flow in a browser against `skill-ab serve` (real services, real opencode, scripted LLM slowed
// to 1 s per answer): set up a task through the form, start it, watch every run move through its states
// live, read the decision, correct one run's score and re-evaluate it (the correction stays), export the
// JSON and open it read-only.
import { readFileSync, writeFileSync } from 'node:fs'
import { expect, test } from 'playwright/test'
import { exportSchema } from '../src-shared/export'
import type { RunView } from '../src-shared/ipc-views'
import { runs, history } from './support/page-debug'
import { serveApp, type ServedApp } from './support/serve'
import { shoot } from './support/shoot'

let app: ServedApp

test.beforeAll(async () => {
  app = await serveApp({ delayMs: 1000 })
})
test.afterAll(async () => {
  await app?.stop()
})

const FULL = ['pending', 'running', 'executed', 'evaluating', 'scored']

test('set up, run, watch live, decide, re-evaluate and export an A/B task in the browser', async ({
  page,
}) => {
  test.setTimeout(600_000)
  await page.setViewportSize({ width: 1400, height: 900 })
  await page.goto(app.url)
  await expect(page.getByRole('button', { name: 'Run the demo' })).toBeVisible()
  // The access token leaves the address bar once the page holds it (kept in this tab only).
  expect(page.url()).not.toContain('token')
  await shoot(page, '01-welcome')

  // Set up the task with form controls only.
  await page.getByRole('button', { name: 'Set up a task' }).click()
  await page.getByTestId('task-name').fill('pirate e2e')
  await page.getByTestId('skill-path').fill(app.skillPath)
  await page.getByTestId('dataset-path').fill(app.datasetPath)
  await page.getByLabel('Rounds per case and side').fill('1')
  await page.getByTestId('agent-model').fill('scripted')
  await expect(page.getByText('has no provider')).toBeVisible() // checked by main, shown under the field
  // A model no provider defines is refused before Create (by opencode's own list), not "Ready.".
  await page.getByTestId('agent-model').fill('nosuch/model')
  await expect(page.getByText('opencode knows no provider "nosuch"')).toBeVisible()
  await page.getByTestId('agent-model').fill('scripted/nosuch')
  await expect(page.getByText('provider "scripted" has no such model; it has: scripted/')).toBeVisible()
  await expect(page.getByText('Ready.')).toHaveCount(0)
  // opencode's list is asked again once the config file changes: a model just added to it is known.
  await page.getByTestId('agent-model').fill('openai/my-tune')
  await expect(page.getByText('provider "openai" has no such model')).toBeVisible()
  const original = readFileSync(app.world.providerConfig, 'utf8')
  const edited = JSON.parse(original) as { provider: Record<string, unknown> }
  edited.provider.openai = { models: { 'my-tune': { name: 'my tune' } } }
  writeFileSync(app.world.providerConfig, JSON.stringify(edited))
  await page.getByTestId('agent-model').fill('openai/my-tun')
  await page.getByTestId('agent-model').fill('openai/my-tune')
  await expect(page.getByText('Ready.')).toBeVisible({ timeout: 20_000 })
  writeFileSync(app.world.providerConfig, original)
  await page.getByTestId('agent-model').fill('scripted/agent')
  await page.getByTestId('judge-model').fill('scripted/judge')
  await expect(page.getByText('2 of 2 cases selected')).toBeVisible()
  await expect(page.getByText('pirate-speak: Use when the user asks for pirate talk.')).toBeVisible()
  await expect(page.getByText('Ready.')).toBeVisible()
  await shoot(page, '02-setup')
  await page.getByTestId('create-task').click()

  // The run view: runs move through their states live, without a reload.
  await expect(page.getByTestId('task-title')).toContainText('pirate e2e')
  await expect.poll(async () => (await runs(page)).length).toBe(4)
  await expect
    .poll(async () => (await runs(page)).some((r) => r.status === 'running'), { timeout: 120_000 })
    .toBe(true)
  // The sidebar says which skill on one line (beside the task's status; its verdict is beside the name).
  const skillLine = page.getByRole('option', { name: /pirate e2e/ }).locator('.skill')
  await expect(skillLine).toHaveText(/^pirate-speak [0-9a-f]{8}$/)
  expect(await skillLine.evaluate((el) => el.getClientRects().length === 1 && el.clientHeight < 24)).toBe(
    true,
  )
  await shoot(page, '03-run-view-running')
  await expect
    .poll(async () => (await runs(page)).map((r) => r.status).join(','), {
      timeout: 420_000,
      intervals: [1000],
    })
    .toBe('scored,scored,scored,scored')
  for (const run of await runs(page))
    expect(await history(page, run.id), `${run.caseId} ${run.side}`).toEqual(FULL)
  await expect(page.locator('[data-run] .badge.scored')).toHaveCount(4)
  await shoot(page, '04-run-view-done')

  // The decision.
  await page.getByRole('tab', { name: 'Decision' }).click()
  await expect(page.locator('[data-verdict]')).toBeVisible()
  await expect(page.locator('[data-dimension="capability"]')).toContainText('points')
  await shoot(page, '05-decision')
  // The judge's own noise: its 4 scored runs judged 3 times more, the figure beside the lift once done.
  await expect(page.getByTestId('verdict-headline')).toHaveText(/^(Passes|Rejected|No verdict)/)
  await page.getByRole('button', { name: 'Measure judge noise' }).click()
  await expect(page.locator('[data-judge-noise]:not([data-judge-noise="none"])')).toContainText(
    'test–retest sd, 4 runs judged 3 times',
    { timeout: 60_000 },
  )

  // Re-evaluate one run: it is judged again (scored → evaluating → scored) and keeps the older result.
  await page.getByRole('tab', { name: 'Runs' }).click()
  const target = (await runs(page)).find((r) => r.caseId === 'hello' && r.side === 'b') as RunView
  await page.locator(`[data-run="${target.id}"]`).click()
  await expect(page.getByTestId('run-detail')).toBeVisible()
  await expect(page.getByTestId('timeline')).toContainText('skill')
  // Corrected by hand first: the correction stays in force through the re-evaluation.
  await page.getByLabel('Corrected score').fill('97')
  await page.getByLabel('Why (kept with the score)').fill('the judge missed the greeting')
  await page.getByRole('button', { name: 'Correct score' }).click()
  await expect(page.getByTestId('correction-score')).toHaveText('97')
  await page.getByRole('button', { name: 'Re-evaluate', exact: true }).click()
  await expect
    .poll(async () => (await history(page, target.id)).slice(-3).join(','), { timeout: 180_000 })
    .toBe('scored,evaluating,scored')
  await expect(page.getByTestId('evaluations').getByText('(older)')).toBeVisible()
  await expect(page.getByTestId('correction-score')).toHaveText('97')
  await expect(page.getByTestId('correction-judge-score')).toHaveText(/^\d/)
  await expect(page.getByTestId('run-detail').locator('.figure')).toHaveText('97')
  await expect(page.getByRole('button', { name: 'Clear correction' })).toBeVisible()
  await shoot(page, '06-run-detail')

  // Export the JSON and check it.
  await page.getByRole('button', { name: /All runs/ }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ])
  const file = await download.path()
  const doc = exportSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
  expect(doc.task.name).toBe('pirate e2e')
  expect(doc.runs).toHaveLength(4)
  expect(doc.runs.every((r) => r.status === 'scored' && r.score !== null)).toBe(true)
  const corrected = doc.runs.find((r) => r.id === target.id)
  expect(corrected?.evaluations).toHaveLength(1)
  expect(corrected?.score).toBe(97)
  expect(corrected?.evaluations[0]?.correction).toMatchObject({ score: 97 })
  expect(['pass', 'reject', 'inconclusive']).toContain(doc.decision.verdict)
  expect(doc.cases.map((c) => c.caseId)).toEqual(['hello', 'goodbye'])

  // The other screens.
  await page.getByRole('link', { name: 'Evaluations' }).click()
  await expect(page.getByRole('table', { name: 'Evaluation batches' })).toContainText('A/B task')
  await expect(page.getByRole('region', { name: 'Judge agreement' })).toContainText(
    'preset-agent-task-completion',
  )
  await shoot(page, '07-evaluations')
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByText('data dir')).toBeVisible()
  await shoot(page, '08-settings')
  await page.getByRole('link', { name: 'Open export' }).click()
  await page.locator('input[type=file]').setInputFiles(file)
  await expect(page.locator('[data-verdict]')).toBeVisible()
  await expect(page.getByText('pirate e2e')).toBeVisible()
  await shoot(page, '09-export-viewer')

  // A reload of the tab still reaches the api: the token was kept in the tab, not in the address bar.
  await page.reload()
  expect(page.url()).not.toContain('token')
  await page.getByRole('link', { name: 'Evaluations' }).click()
  await expect(page.getByRole('table', { name: 'Evaluation batches' })).toContainText('A/B task')
})
