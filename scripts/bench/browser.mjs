// The Chromium the benches drive: Debian's (`CHROMIUM_PATH` to use another), with an error that says how to
// get it rather than Playwright's.
import { existsSync } from 'node:fs'
import { chromium } from 'playwright'

/** Its path; throws, saying what to do, when there is none (check it before starting anything). */
export function chromiumPath() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  if (!existsSync(path))
    throw new Error(
      `bench: no Chromium at ${path}: install Debian's (apt-get install chromium) or set CHROMIUM_PATH`,
    )
  return path
}

export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] })
}
