// Screenshots of a screen (or one part of it, whole even when taller than the window) in the light and the
// dark theme (the app follows the system theme by default).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright/test'
import { SCREENSHOT_DIR } from './serve'

export async function shoot(page: Page, name: string, part?: Locator): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.waitForFunction(
      (s) =>
        (globalThis as unknown as { document: { documentElement: { dataset: { theme?: string } } } }).document
          .documentElement.dataset.theme === s,
      scheme,
    )
    const path = join(SCREENSHOT_DIR, `${name}-${scheme}.png`)
    await (part ? part.screenshot({ path }) : page.screenshot({ path }))
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
