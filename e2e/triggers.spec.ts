// The Triggers screen in a browser against `skill-ab serve` (real opencode, the scripted model choosing a skill
// from the descriptions it is shown): a set picked through the form, live progress, the description A/B
// verdict, the confusion table and the queries that go wrong (its report passes the axe audit in both themes).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'playwright/test'
import { PROBE_SCRIPT } from '../test/support/probe-agent'
import { seriousFindings } from './support/axe'
import { serveApp, type ServedApp } from './support/serve'
import { shoot } from './support/shoot'

let app: ServedApp

const SET = [
  ...['merge a.pdf and b.pdf', 'split big.pdf', 'fill in form.pdf', 'rotate scan.pdf', 'read report.pdf'].map(
    (q, i) => ({ id: `pdf${i + 1}`, query: `[[topic:pdf]] ${q}`, shouldTrigger: true }),
  ),
  { id: 'pdf6', query: '[[topic:pdf]] [[look-first]] extract the tables', shouldTrigger: true },
  { id: 'docx', query: '[[topic:docx]] convert report.docx', shouldTrigger: false },
]

test.beforeAll(async () => {
  app = await serveApp({ delayMs: 300, llm: { defaultScript: PROBE_SCRIPT } })
  const skill = (rel: string, name: string, description: string) =>
    app.world.write(`${rel}/SKILL.md`, `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`)
  skill('pdf-v2', 'pdf-tools', 'Use when merging, splitting, filling or reading PDF files.')
  skill('pdf-v1', 'pdf-tools', 'Helps with files.')
  skill('others/doc-tools', 'doc-tools', 'Use for Word documents (docx): edit, convert, review.')
  app.world.write('set.jsonl', SET.map((q) => JSON.stringify(q)).join('\n'))
  app.world.write('noflag.jsonl', '{"id": "q1", "query": "merge a.pdf and b.pdf"}\n')
})
test.afterAll(async () => {
  await app?.stop()
})

test('probe two descriptions from the Triggers screen and read the verdict, confusion table and misses', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 1400, height: 1000 })
  await page.goto(app.url)
  await page.getByRole('link', { name: 'Triggers' }).click()
  const root = app.world.root
  // The bundled example fills the form: the pirate-speak descriptions and a trigger set beside its dataset.
  await page.getByRole('button', { name: 'Fill in the bundled example' }).click()
  await expect(page.getByTestId('trigger-set')).toHaveValue(/examples\/triggers\.jsonl$/)
  await expect(page.getByTestId('trigger-compare')).toHaveValue(/examples\/pirate-speak-v1$/)
  await page.getByTestId('trigger-name').fill('pdf description')
  await page.getByTestId('trigger-model').fill('scripted/agent')
  await page.getByTestId('trigger-skill').fill(join(root, 'pdf-v2'))
  // A set line without "shouldTrigger" is said in full, with its file and line (the page once showed nothing).
  await page.getByTestId('trigger-set').fill(join(root, 'noflag.jsonl'))
  await page.getByTestId('start-triggers').click()
  await expect(page.getByRole('alert')).toContainText(/noflag\.jsonl line 1: "shouldTrigger" is missing/)
  await page.getByTestId('trigger-set').fill(join(root, 'set.jsonl'))
  await page.getByTestId('trigger-compare').fill(join(root, 'pdf-v1'))
  await page.getByTestId('trigger-competing').fill(join(root, 'other'))
  await page.getByLabel('Rounds per query').fill('1')
  await page.getByTestId('start-triggers').click()
  // A wrong folder is named under its field, nothing starts.
  await expect(page.getByText(/competingSkills\.path: folder not found|Folder not found/)).toBeVisible()
  await page.getByTestId('trigger-competing').fill(join(root, 'others'))
  await page.getByTestId('start-triggers').click()

  await expect(page.getByTestId('trigger-title')).toHaveText('pdf description')
  // Live: the count moves without a reload, then every probe has ended.
  await expect(page.getByTestId('probe-progress')).toContainText(/[1-9]\d* of 14 probes/, {
    timeout: 120_000,
  })
  await expect(page.getByTestId('probe-progress')).toContainText('14 of 14 probes', { timeout: 180_000 })
  await expect(page.getByTestId('description-verdict')).toContainText('pass')
  const b = page.getByRole('region', { name: /^Version b/ })
  await expect(b.locator('[data-metric="recall"] .figure')).toHaveText('100%')
  await expect(b.getByText('No query goes wrong.')).toBeVisible()
  const a = page.getByRole('region', { name: /^Version a/ })
  await expect(a.locator('[data-cell="fn"]')).toHaveText('6')
  await expect(a.locator('[data-cell="tn"]')).toHaveText('1')
  await expect(a.locator('[data-failing="pdf6"]')).toContainText('none ×1')
  await expect(page.locator('[data-trigger-task] .badge')).toHaveText('done')
  await shoot(page, '20-triggers')
  // The report with its data (verdict, both versions' figures, confusion tables, the queries that go wrong)
  // passes the axe audit at a laptop's width, in both themes.
  await page.setViewportSize({ width: 1280, height: 900 })
  const findings: string[] = []
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme)
    findings.push(...(await seriousFindings(page, `Triggers: a finished report (${scheme})`)))
  }
  expect(findings.length, findings.join('\n')).toBe(0)
})

test('cancel a trigger task while it probes, resume it, then delete it', async ({ page }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const queries = ['merge', 'split', 'fill', 'rotate', 'read', 'sign', 'crop', 'scan'].map((q, i) => ({
    id: `q${i + 1}`,
    query: `[[topic:pdf]] ${q} the pdf`,
    shouldTrigger: true,
  }))
  app.world.write('stop-set.jsonl', queries.map((q) => JSON.stringify(q)).join('\n'))
  await page.goto(app.url)
  await page.getByRole('link', { name: 'Triggers' }).click()
  await page.getByTestId('trigger-name').fill('stop and go')
  await page.getByTestId('trigger-model').fill('scripted/agent')
  await page.getByTestId('trigger-skill').fill(join(app.world.root, 'pdf-v2'))
  await page.getByTestId('trigger-set').fill(join(app.world.root, 'stop-set.jsonl'))
  await page.getByLabel('Rounds per query').fill('1')
  await page.getByTestId('start-triggers').click()
  await expect(page.getByTestId('trigger-title')).toHaveText('stop and go')
  const progress = page.getByTestId('probe-progress')
  await expect(progress).toContainText(/[1-9] of 8 probes/, { timeout: 120_000 })
  await page.getByRole('button', { name: 'Cancel' }).click()
  const badge = page.locator('[data-trigger-task] .badge')
  await expect(badge).toHaveText('canceled', { timeout: 60_000 })
  // Canceled before the end: what was probed stays, the rest waits for Resume.
  const stopped = Number(/(\d+) of 8/.exec((await progress.textContent()) ?? '')?.[1])
  expect(stopped).toBeGreaterThan(0)
  expect(stopped).toBeLessThan(8)
  await page.getByRole('button', { name: 'Resume' }).click()
  await expect(progress).toContainText('8 of 8 probes', { timeout: 120_000 })
  await expect(badge).toHaveText('done')
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0)

  const taskId = (await page.locator('[data-trigger-task]').getAttribute('data-trigger-task')) ?? ''
  const probes = join(app.world.dataDir, 'probes', taskId)
  expect(existsSync(probes)).toBe(true)
  page.once('dialog', (d) => void d.accept())
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('trigger-title')).toHaveCount(0)
  // Its probes' skills folders and work dirs go with it.
  expect(existsSync(probes)).toBe(false)
  await expect(page.locator('table', { hasText: 'stop and go' })).toHaveCount(0)
})

test('a pre-flight that fails says so, and claims no result the task does not have', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto(app.url)
  await page.getByRole('link', { name: 'Triggers' }).click()
  await page.getByTestId('trigger-name').fill('unknown model')
  await page.getByTestId('trigger-model').fill('scripted/nope')
  await page.getByTestId('trigger-skill').fill(join(app.world.root, 'pdf-v2'))
  await page.getByTestId('trigger-set').fill(join(app.world.root, 'set.jsonl'))
  await page.getByTestId('start-triggers').click()
  await expect(page.getByTestId('trigger-title')).toHaveText('unknown model')
  await expect(page.locator('.banner.error')).toContainText(/scripted\/nope/, { timeout: 60_000 })
  await expect(page.getByText('No query has a result yet.')).toBeVisible()
  await expect(page.getByText('No query goes wrong.')).toHaveCount(0)
})
