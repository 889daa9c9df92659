// The axe audit (WCAG 2.0/2.1 A and AA) of every screen at 1280 px and 1440 px, in the light and the dark
// theme, against `skill-ab serve`: zero serious or critical findings. The screens: Tasks (no task yet; a
// finished task's runs, decision and config), a run's detail, a case's a vs b, New task, Triggers,
// Evaluations (and a case analysis opened there), Settings, Open export (an export opened: decision, runs,
// a run, a case) and Compare (two exports). One served app and one page for all of it; the tasks are
// seeded, not run (finished-tasks.ts).
import { expect, test, type Page } from 'playwright/test'
import { seriousFindings } from './support/axe'
import { fillCommandTask } from './support/command-task'
import { seedFinishedTasks, type FinishedTasks } from './support/finished-tasks'
import { serveApp, type ServedApp } from './support/serve'
import { shoot } from './support/shoot'

const WIDTHS = [1280, 1440] as const
const SCHEMES = ['light', 'dark'] as const

let app: ServedApp
let page: Page
let tasks: FinishedTasks | undefined

test.beforeAll(async ({ browser }) => {
  app = await serveApp({ delayMs: 0 })
  // One page for every test here: the app is loaded once, each screen reached from it.
  page = await (await browser.newContext()).newPage()
  await page.goto(app.url)
})
test.afterAll(async () => {
  await page?.context().close()
  await app?.stop()
})

/** The app in this width and theme (the theme follows the system's: `data-theme` on <html> says it is on). */
async function view(width: number, scheme: 'light' | 'dark'): Promise<void> {
  await page.setViewportSize({ width, height: 900 })
  await page.emulateMedia({ colorScheme: scheme })
  await expect(page.locator('html')).toHaveAttribute('data-theme', scheme)
  // The toggle offers the other theme (its name follows the system's as that changes).
  const other = scheme === 'dark' ? 'light' : 'dark'
  await expect(page.getByRole('button', { name: `Switch to ${other} theme` })).toBeVisible()
}

const go = (hash: string) => page.goto(`${app.url}${hash}`)

/** The finished tasks, seeded (and exported) once, the first time a test needs them. */
async function finished(): Promise<FinishedTasks> {
  if (tasks) return tasks
  tasks = await seedFinishedTasks(app)
  await page.reload() // the task list is read as the page loads
  return tasks
}

/** Every screen once a task is finished, each opened and audited in turn: its findings, all together. */
async function auditEveryScreen(t: FinishedTasks): Promise<string[]> {
  const findings: string[] = []
  const audit = async (screen: string) => findings.push(...(await seriousFindings(page, screen)))
  const task = `#/task/${encodeURIComponent(t.demo.id)}`

  await go(task)
  await expect(page.locator('[data-case="hello"] [data-side="b"] .score').first()).toBeVisible()
  await expect(page.getByText('4 cases · 16 runs')).toBeVisible()
  await audit('Tasks: runs')
  await page.getByRole('tab', { name: 'Decision' }).click()
  await expect(page.locator('[data-verdict]')).toBeVisible()
  await audit('Tasks: decision')
  await page.getByRole('tab', { name: 'Config' }).click()
  await audit('Tasks: config')
  await go(`${task}/run/${encodeURIComponent(t.demo.runId)}`)
  await expect(page.getByTestId('status-history')).toContainText('scored')
  await audit('Run detail')
  await go(`${task}/case/hello`)
  await expect(page.getByTestId('case-view').locator('[data-round="2"]')).toBeVisible()
  await audit('Case a vs b')

  await fillCommandTask(page, app, 'accessible')
  await expect(page.getByText('Ready.')).toBeVisible()
  await audit('New task')
  await go('#/triggers')
  await expect(page.getByRole('heading', { name: 'Trigger evaluation' })).toBeVisible()
  await audit('Triggers')
  await go('#/evaluations')
  await expect(page.getByRole('heading', { name: 'Evaluations' })).toBeVisible()
  await audit('Evaluations')
  await page.getByRole('button', { name: t.analysis.name }).click()
  await expect(page.getByRole('region', { name: `Case analysis ${t.analysis.name}` })).toContainText(
    'over 4 of 4 cases',
  )
  await audit('Evaluations: a case analysis')
  await go('#/settings')
  await expect(page.getByText('in a browser (skill-ab serve)')).toBeVisible()
  await audit('Settings')

  await go('#/export')
  await expect(page.getByRole('heading', { name: 'Open an export (read-only)' })).toBeVisible()
  await audit('Open export: none yet')
  await page.getByLabel('Choose a .json file…').setInputFiles(t.demo.exportPath)
  await expect(page.locator('[data-verdict]')).toBeVisible()
  await audit('Open export: decision')
  await page.getByRole('tab', { name: 'Runs' }).click()
  await expect(page.locator('[data-case="hello"] [data-side="b"] .score').first()).toBeVisible()
  await audit('Open export: runs')
  await page.locator('[data-case="hello"] .cell-run[data-side="b"]').first().click()
  await expect(page.getByTestId('run-detail')).toBeVisible()
  await audit('Open export: run')
  await page.getByRole('button', { name: 'a vs b of this case' }).click()
  await expect(page.getByTestId('case-view')).toBeVisible()
  await audit('Open export: a vs b')

  await go('#/compare')
  await page.getByLabel('First: export file').setInputFiles(t.demo.exportPath)
  await page.getByLabel('Second: export file').setInputFiles(t.second.exportPath)
  await expect(page.getByTestId('comparison').locator('tbody tr')).toHaveCount(4)
  await audit('Compare')
  return findings
}

// First: the tasks are seeded by the tests after it.
test('the home screen with no task yet: no serious or critical axe finding at either width, in either theme', async () => {
  const findings: string[] = []
  await go('#/tasks')
  await expect(page.getByRole('button', { name: 'Run the demo' })).toBeVisible()
  for (const width of WIDTHS)
    for (const scheme of SCHEMES) {
      await view(width, scheme)
      findings.push(...(await seriousFindings(page, `Tasks: no task (${width} px, ${scheme})`)))
    }
  expect(findings.length, findings.join('\n')).toBe(0)
})

for (const width of WIDTHS)
  for (const scheme of SCHEMES)
    test(`every screen at ${width} px in the ${scheme} theme: no serious or critical axe finding`, async () => {
      const t = await finished()
      await view(width, scheme)
      const findings = await auditEveryScreen(t)
      expect(findings.length, findings.join('\n')).toBe(0)
    })

test('the colours as they look, in both themes: a task’s decision and its run table', async () => {
  const t = await finished()
  await page.setViewportSize({ width: 1280, height: 900 })
  await go(`#/task/${encodeURIComponent(t.demo.id)}/decision`)
  await expect(page.locator('[data-verdict]')).toBeVisible()
  await shoot(page, '30-a11y-decision')
  await go(`#/task/${encodeURIComponent(t.demo.id)}`)
  await expect(page.getByText('4 cases · 16 runs')).toBeVisible()
  await shoot(page, '30-a11y-runs')
})
