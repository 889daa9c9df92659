// Where the Electron binary is, without triggering its download (requiring `electron` would try one).
// Returns { path } when it can start, or { reason } saying in one line why not.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

export function findElectronBinary(env = process.env) {
  const pkg = join(root, 'node_modules', 'electron')
  const override = env.ELECTRON_OVERRIDE_DIST_PATH
  const pathFile = join(pkg, 'path.txt')
  if (!override && !existsSync(pathFile))
    return { reason: 'the Electron binary is not installed (its download is blocked or was skipped)' }
  const rel = override ? null : readFileSync(pathFile, 'utf8').trim()
  const binary = override ? join(override, 'electron') : join(pkg, 'dist', rel)
  if (!existsSync(binary)) return { reason: `the Electron binary is missing (${binary})` }
  if (process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    return { reason: 'there is no display (DISPLAY / WAYLAND_DISPLAY unset)' }
  return { path: binary }
}
