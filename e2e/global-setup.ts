// Builds what serve mode serves (the renderer) and runs (the CLI) once before the e2e specs.
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'

export default function setup(): void {
  const root = resolve(import.meta.dirname, '..')
  execFileSync(process.execPath, [resolve(root, 'scripts', 'build-cli.mjs')], { stdio: 'inherit', cwd: root })
  execFileSync(
    process.execPath,
    [resolve(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
    {
      stdio: 'inherit',
      cwd: root,
    },
  )
}
