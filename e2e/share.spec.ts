// Reviewable shares in a browser against `skill-ab serve` (real opencode, scripted LLM, a command
// evaluator): a task exported with its outputs ("with outputs" = `export --full`) and opened read-only — a
// run's detail and a case's a and b side by side — then compared per case with a second experiment.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from 'playwright/test'
import { exportSchema } from '../src-shared/export'
import { fillCommandTask, WRITES_THE_ANSWER } from './support/command-task'
import { runs } from './support/page-debug'
import { serveApp, type ServedApp } from './support/serve'
import { shoot } from './support/shoot'

let app: ServedApp
let exported = ''

test.beforeAll(async () => {
  // b (with the skill) writes the answer the command checks for; a writes nothing, so b wins every case.
  app = await serveApp({
    delayMs: 0,
    llm: {
      defaultScript: { withSkill: WRITES_THE_ANSWER, withoutSkill: [{ text: 'I would rather not.' }] },
    },
  })
})
test.afterAll(async () => {
  await app?.stop()
})

/** Sets up a one-round task on `dataset` through the form and waits until its `cases` × 2 runs are scored. */
async function runTask(page: Page, name: string, dataset: string, cases = 2): Promise<void> {
  await page.goto(app.url)
  await fillCommandTask(page, app, name)
  await page.getByTestId('dataset-path').fill(dataset)
  await page.getByLabel('Rounds per case and side').fill('1')
  await expect(page.getByText('Ready.')).toBeVisible()
  await page.getByTestId('create-task').click()
  await expect(page.getByTestId('task-title')).toContainText(name)
  await expect
    .poll(async () => (await runs(page)).map((r) => r.status).join(','), {
      timeout: 300_000,
      intervals: [1000],
    })
    .toBe(Array.from({ length: cases * 2 }, () => 'scored').join(','))
}

test('a shared full export opens read-only: a run with its output and diff, a case with a and b side by side', async ({
  page,
}) => {
  test.setTimeout(400_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await runTask(page, 'share v1', app.datasetPath)

  await page.getByRole('checkbox', { name: 'with outputs' }).check()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ])
  // Kept beyond this test's browser context (which deletes its downloads): the second test compares it.
  // With outputs: named apart from a scores-only export of the same task.
  expect(download.suggestedFilename()).toBe('share_v1.full.skill-ab.json')
  exported = join(app.world.root, 'share-v1.skill-ab.json')
  await download.saveAs(exported)
  const doc = exportSchema.parse(JSON.parse(readFileSync(exported, 'utf8')))
  expect(doc.full?.caps).toEqual({ finalOutput: 8000, trajectory: 12000, diff: 16000 })
  expect(doc.cases.map((c) => c.caseHash)).toEqual([
    expect.stringMatching(/^sha256:/),
    expect.stringMatching(/^sha256:/),
  ])
  const b = doc.runs.find((r) => r.caseId === 'hello' && r.side === 'b')
  expect(b?.review?.finalOutput).toBe('Done: wrote answer.txt.')
  expect(b?.review?.diff).toContain('+scripted answer')
  expect(b?.review?.trajectory).toContain('tool(write) completed')

  await page.getByRole('link', { name: 'Open export' }).click()
  await page.locator('input[type=file]').setInputFiles(exported)
  await expect(page.getByText('with outputs and diffs')).toBeVisible()
  await expect(page.locator('[data-verdict]')).toBeVisible()
  await page.getByRole('tab', { name: 'Runs' }).click()
  await shoot(page, '19-export-full-opened')
  await page.locator('[data-case="hello"] .cell-run[data-side="b"]').click()
  const detail = page.getByTestId('run-detail')
  await expect(detail.getByTestId('final-output')).toContainText('Done: wrote answer.txt.')
  await expect(detail.getByTestId('work-dir-diff')).toContainText('+scripted answer')
  await expect(detail.getByTestId('trajectory')).toContainText('tool(write) completed')
  await shoot(page, '20-export-run-detail')

  await detail.getByRole('button', { name: 'a vs b of this case' }).click()
  const view = page.getByTestId('case-view')
  const a = view.locator('[data-round="1"] [data-side="a"]')
  const bSide = view.locator('[data-round="1"] [data-side="b"]')
  await expect(a.locator('[data-score]')).toHaveText('0')
  await expect(bSide.locator('[data-score]')).toHaveText('100')
  await expect(a.getByTestId('side-output')).toHaveText('I would rather not.')
  await expect(bSide.getByTestId('side-output')).toHaveText('Done: wrote answer.txt.')
  // Side by side: the same height on the page, a on the left, both within the 1280 px window.
  const [boxA, boxB] = [await a.boundingBox(), await bSide.boundingBox()]
  expect(boxA && boxB && Math.abs(boxA.y - boxB.y) < 2 && boxA.x < boxB.x).toBe(true)
  expect((boxB?.x ?? 0) + (boxB?.width ?? 0)).toBeLessThanOrEqual(1280)
  await expect(view).toContainText('This export holds no case prompts.')
  await shoot(page, '21-export-case-a-vs-b')
  // Each side opens its run.
  await bSide.getByRole('button', { name: /Open this run/ }).click()
  await expect(page.getByTestId('case-view')).toHaveCount(0)
  await expect(page.getByTestId('run-detail').getByTestId('final-output')).toContainText(
    'Done: wrote answer.txt.',
  )
  await page.keyboard.press('Escape')
  // Esc goes back from a vs b to the runs, as from a run's detail.
  await page.locator('[data-case="hello"] .cell-run[data-side="b"]').click()
  await page.getByRole('button', { name: 'a vs b of this case' }).click()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('case-view')).toHaveCount(0)
  await expect(page.locator('[data-case="hello"] .cell-run[data-side="b"]')).toBeVisible()
})

test('two experiments compared per case: an export and a local task, a changed case marked, the unmatched listed', async ({
  page,
}) => {
  test.setTimeout(400_000)
  expect(exported).not.toBe('')
  await page.setViewportSize({ width: 1280, height: 900 })
  // The second experiment: "hello" again, "goodbye" with another prompt (a different case under the same
  // id), and a case the first one does not have.
  const dataset = app.world.write(
    'cases-v2.jsonl',
    [
      '{"id":"hello","prompt":"Say hello to the crew."}',
      '{"id":"goodbye","prompt":"Say goodbye to the whole fleet."}',
      '{"id":"ahoy","prompt":"Say ahoy to the crew."}\n',
    ].join('\n'),
  )
  await runTask(page, 'share v2', dataset, 3)
  // The case view of a local task: from a run's detail.
  await page.locator('[data-case="ahoy"] .cell-run[data-side="a"]').click()
  await page.getByRole('button', { name: 'a vs b of this case' }).click()
  const local = page.getByTestId('case-view')
  await expect(local.locator('[data-side="b"] [data-testid="side-output"]')).toHaveText(
    'Done: wrote answer.txt.',
  )
  await expect(local.locator('[data-side="a"] [data-score]')).toHaveText('0')
  await expect(local.getByTestId('case-prompt')).toContainText('Say ahoy to the crew.')
  await shoot(page, '21-task-case-a-vs-b')
  await local
    .locator('[data-side="b"]')
    .getByRole('button', { name: /Open this run/ })
    .click()
  await expect(page.getByTestId('run-detail')).toBeVisible()
  await page.keyboard.press('Escape')

  await page.getByRole('link', { name: 'Compare' }).click()
  await page.getByLabel('First: export file').setInputFiles(exported)
  await page.getByLabel('Second: local task').selectOption({ label: 'share v2' })
  const table = page.getByTestId('comparison')
  await expect(table.locator('tbody tr')).toHaveCount(2)
  const hello = table.locator('[data-case="hello"]')
  await expect(hello.locator('td').nth(2)).toHaveText('+100')
  await expect(hello.locator('td').nth(4)).toHaveText('+100')
  await expect(hello.locator('[data-change]')).toHaveText('0') // no change: no sign, no colour
  await expect(hello.locator('[data-identity]')).toHaveCount(0)
  const goodbye = table.locator('[data-case="goodbye"]')
  await expect(goodbye.locator('[data-identity="changed"]')).toHaveText('case changed between the two')
  await expect(goodbye.locator('[data-change]')).toHaveText('not comparable')
  await expect(page.getByTestId('comparison-summary')).toHaveText(
    'Over 1 case in both: mean Δ +100 → +100, change 0 · 1 case changed between the two, left out',
  )
  await expect(page.getByTestId('unmatched')).toHaveText('Not matched: only in share v2: ahoy')
  await shoot(page, '22-compare-per-case')
})
