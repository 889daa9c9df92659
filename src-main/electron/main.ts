// Electron entry (out/main/index.js): the only place in src-main that imports electron is this folder.
import { join } from 'node:path'
import { startShell } from './shell'

startShell(process.env, {
  preload: join(import.meta.dirname, '..', 'preload', 'index.cjs'),
  rendererDir: join(import.meta.dirname, '..', 'renderer'),
})
