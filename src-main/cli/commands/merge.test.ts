// `skill-ab merge` reads only regular files of a sane size: a pipe or a device is refused at once, by name
// (a FIFO hung it, /dev/zero was read for a minute).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { captureIo } from '../capture-io.fixture'
import { main } from '../main'

let home: string
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'skill-ab-merge-'))
})
afterEach(() => rmSync(home, { recursive: true, force: true }))

async function run(argv: string[]) {
  const io = captureIo({ PATH: process.env.PATH, SKILL_AB_HOME: join(home, 'data') }, home)
  const code = await main(['merge', ...argv], io)
  return { code, stderr: io.stderr }
}

it('a pipe or a device given as a shard is refused at once, by name', async () => {
  execFileSync('mkfifo', [join(home, 'pipe.json')])
  const pipe = await run(['pipe.json', '/dev/zero'])
  expect(pipe).toEqual({
    code: 2,
    stderr:
      'skill-ab merge: pipe.json: the export is a FIFO (named pipe), not a file: give the path of the export itself (a regular file)\n',
  })
  const device = await run(['/dev/zero', 'pipe.json'])
  expect(device.stderr).toMatch(/^skill-ab merge: \/dev\/zero: the export is a device, not a file/)
})

it('refuses a shard over the export size limit before reading it, in the words Open export uses', async () => {
  for (const f of ['big.json', 'b.json']) {
    writeFileSync(join(home, f), '')
    truncateSync(join(home, f), 913 * 1024 ** 2) // sparse: takes no disk space
  }
  expect(await run(['big.json', 'b.json'])).toEqual({
    code: 2,
    stderr:
      'skill-ab merge: big.json: the export is 913 MiB, over the 256 MiB limit: give an export skill-ab wrote (no task exports that much)\n',
  })
})

it('reads a shard that starts with a UTF-8 byte-order mark, as every JSON input (no raw JSON.parse message)', async () => {
  for (const f of ['a.json', 'b.json']) writeFileSync(join(home, f), '\ufeff{"schema": "skill-ab/export@9"}')
  const bom = await run(['a.json', 'b.json'])
  expect(bom).toEqual({
    code: 2,
    stderr:
      'skill-ab merge: a.json is not a Skill A/B export: unknown export version "skill-ab/export@9": this app reads skill-ab/export@2 and skill-ab/export@1\n',
  })
})
