// A task bigger than a screen, opened in a browser against `skill-ab serve`: it opens with its first cases
// (the rest of the runs follow), every case is still reachable by scrolling, and a change to a run beyond
// the first screenful shows live; at 1280 px the table fits, and it sorts and filters by mouse and keyboard.
// The task is seeded straight into the store: no agent runs here.
import { spawn, type ChildProcess } from 'node:child_process'
import { expect, test } from 'playwright/test'
import { openStore } from '../src-main/db'
import { drive, findRun, seedExportTask, type Target } from '../src-main/export/task.fixture'
import { FAILURE_TYPES } from '../src-shared/run-state'
import { FIRST_FRAME_FONTS, WARM_TEXT } from '../src-renderer/src/first-frame-fonts'
import { CLI, makeWorld, type World } from '../test/support/fixtures'
import { clippedCells } from './support/clipped-cells'
import { shoot } from './support/shoot'

const CASES = Array.from({ length: 200 }, (_, i) => `case-${String(i).padStart(3, '0')}`)
const LAST = CASES[CASES.length - 1] as string
/** b's score per case: Δ from −20 to +25, the best (+25) first at case-009. */
const scoreB = (i: number) => 40 + (i % 10) * 5
const FAILED = 'case-013'

let world: World
let serve: ChildProcess | undefined
let url = ''
let taskId = ''
/** Two rounds, a run of every kind and failure in them (the widest cells a table shows). */
let kindsTaskId = ''

test.beforeAll(async () => {
  world = makeWorld('http://127.0.0.1:9') // no model is asked
  const store = openStore(world.dataDir)
  try {
    const { task, runs } = seedExportTask(store, { name: 'two hundred cases', cases: CASES, rounds: 1 })
    taskId = task.id
    store.transaction(() => {
      for (const run of runs) {
        const i = CASES.indexOf(run.caseKey)
        if (run.caseKey === LAST && run.side === 'b') continue
        if (run.caseKey === FAILED && run.side === 'b') drive(store, run.id, 'exec-failed')
        else
          drive(store, run.id, 'scored', {
            score: run.caseKey === LAST ? 41 : run.side === 'a' ? 60 : scoreB(i),
          })
      }
    })
    kindsTaskId = seedEveryKind(store)
  } finally {
    store.close()
  }
  const child = spawn(process.execPath, [CLI, 'serve'], { env: world.env, cwd: world.root })
  serve = child
  url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (c) => {
      out += String(c)
      const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(out)
      if (m) resolve(m[0])
    })
    child.once('exit', (code) => reject(new Error(`serve exited ${code}`)))
  })
})
test.afterAll(async () => {
  if (serve && serve.exitCode === null) {
    const exited = new Promise((r) => serve?.once('exit', r))
    serve.kill('SIGINT')
    await exited
  }
  world?.cleanup()
})

test('a task bigger than a screen: the last case shows after scrolling, and a live change beyond the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 })
  await page.goto(`${url}#/task/${taskId}`)
  await expect(page.locator('[data-case="case-000"] [data-side="a"] .score')).toHaveText('60')
  // Every case is in the table once the rest of the runs are here.
  await expect(page.getByText(`${CASES.length} cases · ${CASES.length * 2} runs`)).toBeVisible()

  await page.locator('.run-table .scroller').evaluate((el) => (el.scrollTop = el.scrollHeight))
  const last = page.locator(`[data-case="${LAST}"]`)
  await expect(last.locator('[data-side="a"] .score')).toHaveText('41')
  await expect(last.locator('[data-side="b"]')).toContainText('pending')

  // Another process (a CLI run) scores the last case's b run: the open page shows it without a reload.
  const store = openStore(world.dataDir)
  try {
    const run = findRun(store.runs.listByTask(taskId), LAST, 'b', 1)
    drive(store, run.id, 'scored', { score: 77 })
  } finally {
    store.close()
  }
  await expect(last.locator('[data-side="b"] .score')).toHaveText('77')
  await expect(last).toContainText('+36')
})

test('the task view draws its text only in fonts and characters the page looked up before its first frame', async ({
  page,
}) => {
  // A font or a character the warm-up (warm-fonts.ts) misses is found during the first frame's layout
  // instead, on a cold page several ms each. Both tasks: every kind of run, and a task bigger than a screen.
  // The hidden line is laid out before the first run cell exists, and gone once that frame is painted.
  await page.addInitScript(`
    window.warmOrder = []
    new MutationObserver((changes) => {
      for (const c of changes)
        for (const n of c.addedNodes) {
          if (n.parentElement === document.body && n.getAttribute?.('aria-hidden') === 'true') warmOrder.push('warm-up')
          if (n.querySelector?.('[data-run]') && !warmOrder.includes('runs')) warmOrder.push('runs')
        }
    }).observe(document, { childList: true, subtree: true })
  `)
  const drawn = new Set<string>()
  let chars = ''
  for (const id of [kindsTaskId, taskId]) {
    await page.goto(`${url}#/task/${id}`)
    await expect(page.locator('[data-run]').first()).toBeVisible()
    await expect(page.getByText(/\d+ cases · \d+ runs/)).toBeVisible()
    expect(await page.evaluate(() => (globalThis as unknown as { warmOrder: string[] }).warmOrder)).toEqual([
      'warm-up',
      'runs',
    ])
    const seen = await page.locator('body').evaluate((body) => {
      const fonts: string[] = []
      let text = ''
      const doc = body.ownerDocument
      const walk = doc.createTreeWalker(body, 4 /* NodeFilter.SHOW_TEXT */)
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const el = n.parentElement
        if (!n.textContent?.trim() || !el?.checkVisibility({ visibilityProperty: true })) continue
        const css = doc.defaultView?.getComputedStyle(el)
        if (!css) continue
        const mono = css.fontFamily.startsWith('ui-monospace') ? ' mono' : ''
        fonts.push(`${css.fontWeight} ${parseFloat(css.fontSize)}${mono}`)
        text += n.textContent
      }
      return { fonts, text }
    })
    for (const font of seen.fonts) drawn.add(font)
    chars += seen.text
  }
  const warmed = new Set(FIRST_FRAME_FONTS.map((f) => `${f.weight} ${f.size}${f.mono ? ' mono' : ''}`))
  expect(
    [...drawn].filter((font) => !warmed.has(font)),
    'fonts to add to FIRST_FRAME_FONTS',
  ).toEqual([])
  const beyondAscii = [...new Set(chars)].filter((c) => c > '~' && !WARM_TEXT.includes(c))
  expect(beyondAscii, 'characters to add to WARM_TEXT').toEqual([])
  await expect(page.locator('body > [aria-hidden="true"]')).toHaveCount(0)
})

test('a task whose source changed says so in its line: the runs do not move when that answer comes', async ({
  page,
}) => {
  // The task's skill folder is gone (seeded, never on disk). The page's table top, every frame from the first.
  await page.addInitScript(`
    const tops = (window.tableTops = [])
    const frame = () => {
      const table = document.querySelector('.run-table')
      if (table) tops.push(Math.round(table.getBoundingClientRect().top))
      if (tops.length < 600) requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  `)
  await page.setViewportSize({ width: 1400, height: 900 })
  await page.goto(`${url}#/task/${taskId}`)
  const notice = page.getByTestId('source-changed')
  await expect(notice.getByText('source changed', { exact: true })).toBeVisible()
  await expect(page.getByText(`${CASES.length} cases · ${CASES.length * 2} runs`)).toBeVisible()
  const tops = await page.evaluate<number[]>('window.tableTops')
  expect(tops.length).toBeGreaterThan(1)
  expect(new Set(tops)).toEqual(new Set([tops[0]]))

  // Opened, what changed shows over the page; the table stays where it was.
  await notice.getByText('source changed', { exact: true }).click()
  await expect(notice.getByText(/skill folder not found/)).toBeVisible()
  await expect(notice.getByRole('button', { name: 'New task for this version' })).toBeVisible()
  expect(Math.round((await page.locator('.run-table').boundingBox())?.y ?? 0)).toBe(tops[0])
  await shoot(page, '10-source-changed')
  // It closes as a menu does: Escape, or a press elsewhere.
  await page.keyboard.press('Escape')
  await expect(notice.getByRole('button', { name: 'New task for this version' })).toBeHidden()
  await notice.getByText('source changed', { exact: true }).click()
  await page.getByTestId('task-title').click()
  await expect(notice.getByRole('button', { name: 'New task for this version' })).toBeHidden()
})

test('at 1280 px the table fits with its actions; it sorts by Δ and status and filters, by mouse and keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${url}#/task/${taskId}`)
  await expect(page.getByText(`${CASES.length} cases · `).first()).toBeVisible()
  const scroller = page.locator('.run-table .scroller')
  const first = page.locator('[data-case]').first()
  // Nothing clipped: the row's last action ends inside the table.
  const box = await scroller.boundingBox()
  const action = await first.getByRole('button', { name: 'Re-evaluate' }).boundingBox()
  expect(action && box && action.x + action.width).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0))
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await shoot(page, '10-run-table-1280', page.locator('.run-table-wrap'))

  // Mouse: the Δ header sorts the best cases for b first.
  const deltas = async () =>
    (await page.locator('[data-case] :is(.delta-pos, .delta-neg)').allTextContents()).map(Number)
  await page.getByRole('columnheader', { name: 'Δ' }).getByRole('button').click()
  await expect(page.getByRole('columnheader', { name: 'Δ' })).toHaveAttribute('aria-sort', 'descending')
  const sorted = await deltas()
  expect(sorted[0]).toBeGreaterThanOrEqual(25)
  expect(sorted).toEqual([...sorted].sort((x, y) => y - x))

  // Keyboard: the sort menu (failures first), then the status filter.
  await page.getByLabel('Sort by').focus()
  await page.getByLabel('Sort by').selectOption({ label: 'status, failures first' })
  await expect(first).toHaveAttribute('data-case', FAILED)
  await page.getByLabel('Show').focus()
  await page.keyboard.press('ArrowDown') // "failed"
  await expect(page.getByText('showing 1 of 200 cases')).toBeVisible()
  await expect(page.locator('[data-case]')).toHaveCount(1)
  // Selecting under a filter selects what it shows, not the 199 cases it hides.
  const bulk = page.getByLabel('Bulk actions')
  const tableTop = async () => (await scroller.boundingBox())?.y
  const before = { bar: (await bulk.boundingBox())?.height, table: await tableTop() }
  await bulk.getByRole('button', { name: 'Select 1 shown' }).click()
  await page.getByLabel('Show').selectOption({ label: 'scored' })
  await expect(bulk).toContainText('1 selected is hidden by the filter, left out of bulk actions')
  // At 1280 px the bulk bar is one line whatever it says: the table does not jump when a case is selected.
  expect({ bar: (await bulk.boundingBox())?.height, table: await tableTop() }).toEqual(before)
  const button = await bulk.getByRole('button', { name: 'Re-run selected' }).boundingBox()
  expect(before.bar).toBeLessThan(2 * (button?.height ?? 0))
  await expect(bulk.getByRole('button', { name: 'Re-run selected' })).toBeDisabled()

  // The grid cursor is the focus: Tab reaches the grid, arrows move, Enter opens the run under it.
  await page.getByLabel('Show').selectOption({ label: 'every case' })
  await expect(bulk).toContainText('1 case selected')
  await expect(page.locator(`[data-case="${FAILED}"]`)).toHaveAttribute('aria-selected', 'true')
  await scroller.focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowDown')
  const active = await scroller.getAttribute('aria-activedescendant')
  const cell = page.locator(`[id="${active}"] [data-run]`)
  await expect(cell).toHaveAttribute('data-side', 'b')
  const opened = await cell.getAttribute('data-run')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('run-detail')).toBeVisible()
  // Esc comes back to the row it left: the grid has the focus, its cursor on the run just opened.
  await page.keyboard.press('Escape')
  await expect(scroller).toBeFocused()
  const back = await scroller.getAttribute('aria-activedescendant')
  await expect(page.locator(`[id="${back}"] [data-run]`)).toHaveAttribute('data-run', opened ?? '')
  // The same row and column as it left them: the sort and filter held.
  const place = (id: string | null) => /-r\d+-c\d+$/.exec(id ?? '')?.[0]
  expect(place(back)).toBe(place(active))
  // …and the keys go on from there (to side a of the same case).
  await page.keyboard.press('ArrowLeft')
  await expect(scroller).not.toHaveAttribute('aria-activedescendant', back ?? '')
})

function seedEveryKind(store: ReturnType<typeof openStore>): string {
  // Not running or evaluating: serve finds no process behind those and settles them when it opens the store.
  const kinds: Target[] = ['executed', 'eval-failed', 'tampered', 'canceled']
  // A canceled run is its own kind (status canceled), and a tampered one failed its judging: not failed executions.
  const failures = FAILURE_TYPES.filter((f) => f !== 'canceled' && f !== 'judge_tampering')
  const cells = [...failures.map((f) => ['exec-failed', f] as const), ...kinds.map((k) => [k, null] as const)]
  const cases = ['a-case-with-a-long-name', ...cells.map((_, i) => `k${i}`)]
  const { task, runs } = seedExportTask(store, { name: 'every kind of run', cases, rounds: 2 })
  store.transaction(() => {
    for (const run of runs) {
      const i = cases.indexOf(run.caseKey) - 1
      const [target, failureType] =
        i >= 0 && run.round === 2 ? (cells[i] as (typeof cells)[number]) : (['scored', null] as const)
      // Side b ran without its skill (the cell's ⊘) and scored 100; the first case's a scored 0 (Δ +100).
      const score = run.side === 'a' && i < 0 ? 0 : 100
      if (target === 'scored') drive(store, run.id, 'scored', { score, skillLoaded: run.side === 'a' })
      else drive(store, run.id, target, failureType ? { failureType } : {})
    }
  })
  return task.id
}

test('at 1280 px nothing in the run table is cut: every badge, a sorted header, both actions', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${url}#/task/${kindsTaskId}`)
  await expect(page.getByText('11 cases · 44 runs')).toBeVisible()
  const scroller = page.locator('.run-table .scroller')
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await expect(page.locator('[data-case="k2"] [data-round="2"][data-side="a"]')).toContainText('crashed')
  const long = page.locator('[data-case="a-case-with-a-long-name"]')
  await expect(long.locator('.skill-unused')).toHaveCount(2)
  await expect(long).toContainText('+100')
  expect(await clippedCells(page)).toEqual([])
  for (const name of ['case', 'mean a', 'mean b', 'Δ']) {
    const header = page.getByRole('columnheader', { name: new RegExp(`^${name}( ▲| ▼)?$`) })
    // Numbers sort descending first, names ascending: two clicks show both arrows.
    const seen = new Set<string | null>()
    for (const click of [1, 2]) {
      await header.getByRole('button').click()
      await expect(header).toHaveAttribute('aria-sort', /^(ascending|descending)$/)
      const order = await header.getAttribute('aria-sort')
      seen.add(order)
      expect(await clippedCells(page), `sorted by ${name}, ${order} (click ${click})`).toEqual([])
    }
    expect(seen.size).toBe(2)
  }
  await shoot(page, '10-run-table-kinds-1280', page.locator('.run-table-wrap'))
})
