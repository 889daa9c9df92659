// What the page's debug hook (`skillAbDebug`, serve mode) tells a spec: the run table's runs as the stores
// hold them, and every status a run passed through.
import type { Page } from 'playwright/test'
import type { RunView } from '../../src-shared/ipc-views'

interface Debug {
  runs(): RunView[]
  history(id: string): string[]
}

export function runs(page: Page): Promise<RunView[]> {
  return page.evaluate(() => (globalThis as unknown as { skillAbDebug: Debug }).skillAbDebug.runs())
}

export function history(page: Page, runId: string): Promise<string[]> {
  return page.evaluate(
    (id) => (globalThis as unknown as { skillAbDebug: Debug }).skillAbDebug.history(id),
    runId,
  )
}
