#!/usr/bin/env node
'use strict'
// Entry of the `skill-ab` command. Plain CommonJS so it runs on any Node and can refuse old ones clearly:
// better-sqlite3 13 crashes silently on Node 20.
const major = Number(process.versions.node.split('.')[0])
if (major < 22) {
  process.stderr.write(
    `skill-ab needs Node.js 22 or newer; this is Node ${process.versions.node}.\n` +
      "Run it through npm so the project's own Node 22 is used: `npx skill-ab …` or `npm exec skill-ab -- …`,\n" +
      'or install Node 22+ and put it first on PATH.\n',
  )
  process.exit(2)
}
const path = require('node:path')
const { pathToFileURL } = require('node:url')
const entry = path.join(__dirname, '..', 'out', 'cli', 'index.js')
import(pathToFileURL(entry).href).catch((err) => {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes(entry)) {
    process.stderr.write(
      'skill-ab is not built yet: run `npm run build:cli` (npm ci does it through prepare).\n',
    )
    process.exit(2)
  }
  process.stderr.write(String((err && err.stack) || err) + '\n')
  process.exit(2)
})
