// The desktop app itself, where an Electron binary can start (not on this build machine: its download is
// blocked). Here it is skipped with the reason; src-main/electron/*.test.ts and test/electron-build.test.ts
// cover the shell with a stand-in electron.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron as electron, expect, test } from 'playwright/test'
import { findElectronBinary } from '../scripts/electron-binary.mjs'

const binary = findElectronBinary() as { path?: string; reason?: string }

test('the desktop app opens its window on the tasks screen with the preload api and no Node', async () => {
  test.skip(!binary.path, `Electron cannot start here: ${binary.reason}`)
  const home = mkdtempSync(join(tmpdir(), 'skill-ab-electron-'))
  const app = await electron.launch({
    executablePath: binary.path,
    args: [join(import.meta.dirname, '..')],
    env: { ...process.env, SKILL_AB_HOME: home },
  })
  try {
    const win = await app.firstWindow()
    await expect(win.getByRole('button', { name: 'Run the demo' })).toBeVisible()
    const exposed = await win.evaluate(() => {
      const g = globalThis as unknown as {
        skillAb?: Record<string, unknown>
        require?: unknown
        process?: unknown
      }
      return {
        api: Object.keys(g.skillAb ?? {}).length,
        require: typeof g.require,
        process: typeof g.process,
      }
    })
    expect(exposed).toEqual({ api: expect.any(Number), require: 'undefined', process: 'undefined' })
    expect(exposed.api).toBeGreaterThan(10)
  } finally {
    await app.close()
    rmSync(home, { recursive: true, force: true })
  }
})
