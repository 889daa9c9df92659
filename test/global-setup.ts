// Integration tests run the built CLI: build it once before they start (about a second).
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'

export default function setup(): void {
  execFileSync(process.execPath, [resolve(import.meta.dirname, '..', 'scripts', 'build-cli.mjs')], {
    stdio: 'inherit',
  })
}
