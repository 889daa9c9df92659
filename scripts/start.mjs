// `npm start`: build, then open the desktop app; where Electron cannot start, say why in one line and
// serve the same app to a browser instead (printing its URL).
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { findElectronBinary } from './electron-binary.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

const electron = findElectronBinary()
const [cmd, args] = electron.path
  ? [electron.path, [root]]
  : [process.execPath, [fileURLToPath(new URL('../bin/skill-ab.cjs', import.meta.url)), 'serve']]
if (!electron.path)
  process.stderr.write(
    `Electron cannot start here: ${electron.reason}. Serving Skill A/B to your browser instead:\n`,
  )
const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
