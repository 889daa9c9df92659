// A person with only a keyboard (Tab, Shift+Tab, Enter, arrows, Escape; no pointer) against `skill-ab
// serve`: opens an export, opens one of its runs from the run table and comes back to the same cell with the
// focus on it, does the same in a local task, and compares two exports. The file dialog is the browser's:
// Enter on the button opens it, and the spec answers it as the system's dialog would (a file chosen).
import { expect, test, type Locator, type Page } from 'playwright/test'
import { seedFinishedTasks, type FinishedTasks } from './support/finished-tasks'
import { serveApp, type ServedApp } from './support/serve'

let app: ServedApp
let tasks: FinishedTasks

test.beforeAll(async () => {
  app = await serveApp({ delayMs: 0 })
  tasks = await seedFinishedTasks(app)
})
test.afterAll(async () => {
  await app?.stop()
})

/** Presses Tab (Shift+Tab: `back`) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  await expect(target, `${back ? 'Shift+Tab' : 'Tab'} reaches it within ${max} presses`).toBeFocused()
}

/** Enter on the focused file button: the browser's file dialog opens, and `file` is chosen in it. */
async function chooseFile(page: Page, file: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')])
  await chooser.setFiles(file)
}

/** The run under the grid's cursor (the cell aria-activedescendant names) and that cell's row and column. */
async function cursorRun(grid: Locator): Promise<{ place: string | undefined; run: string | null }> {
  const cell = await grid.getAttribute('aria-activedescendant')
  const run = cell ? await grid.page().locator(`[id="${cell}"] [data-run]`).getAttribute('data-run') : null
  // The cell's id is the grid's (new each time it mounts) and the cell's place in it.
  return { place: /-r\d+-c\d+$/.exec(cell ?? '')?.[0], run }
}

/**
 * From the focus above a run table: Tab to its grid, the arrows to round 1's b run of the second case,
 * Enter opens it, Escape comes back — the grid has the focus again, its cursor on the same cell.
 */
async function openRunAndComeBack(page: Page): Promise<void> {
  const grid = page.getByRole('grid', { name: /Runs per case/ })
  await tabTo(page, grid)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowRight')
  const left = await cursorRun(grid)
  expect(left.run && left.place).toBeTruthy()
  await expect(grid.locator('.cursor [data-run]')).toHaveAttribute('data-side', 'b')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('run-detail')).toBeVisible()
  await expect(page.getByTestId('run-detail').getByRole('heading', { level: 1 })).toContainText('side b')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('run-detail')).toHaveCount(0)
  await expect(grid).toBeFocused()
  expect(await cursorRun(grid)).toEqual(left)
  await expect(grid.locator('.cursor [data-run]')).toHaveAttribute('data-run', left.run ?? '')
}

test('with the keyboard only: open an export, a run of it and back, a local task’s run and back, compare two exports', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  // The file dialogs are caught from the start: catching begins a moment after a listener is added, and an
  // Enter pressed within that moment would open a dialog no one answers.
  page.on('filechooser', () => {})
  await page.goto(app.url)
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Tasks' })).toBeVisible()

  // Open export: the navigation link, the file button, then the Runs tab of the opened export.
  await tabTo(page, nav.getByRole('link', { name: 'Open export' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Open an export (read-only)' })).toBeVisible()
  await tabTo(page, page.getByRole('button', { name: 'Choose a .json file…' }))
  await chooseFile(page, tasks.demo.exportPath)
  await expect(page.locator('[data-verdict]')).toBeVisible()
  await tabTo(page, page.getByRole('tab', { name: 'Runs' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true')
  await openRunAndComeBack(page)

  // A local task: back up to the navigation, Tasks, then its runs (the list's newest task is open).
  await tabTo(page, nav.getByRole('link', { name: 'Tasks' }), { back: true })
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('task-title')).toBeVisible()
  await openRunAndComeBack(page)

  // Compare: two exports, each chosen through its side's file button.
  await tabTo(page, nav.getByRole('link', { name: 'Compare' }), { back: true })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Compare two experiments per case' })).toBeVisible()
  const first = page.locator('[data-experiment="First"]')
  const second = page.locator('[data-experiment="Second"]')
  await tabTo(page, first.getByRole('button', { name: 'Choose an export…' }))
  await chooseFile(page, tasks.demo.exportPath)
  await expect(first.getByTestId('experiment-name')).toContainText(tasks.demo.name)
  await tabTo(page, second.getByRole('button', { name: 'Choose an export…' }))
  await chooseFile(page, tasks.second.exportPath)
  await expect(second.getByTestId('experiment-name')).toContainText(tasks.second.name)
  await expect(page.getByTestId('comparison').locator('tbody tr')).toHaveCount(4)
})
