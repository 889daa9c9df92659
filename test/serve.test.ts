// `skill-ab serve` as a user starts it: prints a tokenised 127.0.0.1 URL, refuses requests without the
// token, and stops cleanly on Ctrl-C.
import { spawn } from 'node:child_process'
import { afterAll, expect, it } from 'vitest'
import { CLI, makeWorld } from './support/fixtures'

const world = makeWorld('http://127.0.0.1:9/v1')
afterAll(() => world.cleanup())

it('serve prints a 127.0.0.1 URL with a token, refuses requests without it, and exits 0 on Ctrl-C', async () => {
  const child = spawn(process.execPath, [CLI, 'serve'], { env: world.env, cwd: world.root })
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (c) => (stderr += String(c)))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed; stderr: ${stderr}`)), 20_000)
    child.stdout.on('data', (c) => {
      stdout += String(c)
      const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(stdout)
      if (m) {
        clearTimeout(timer)
        resolve(m[0])
      }
    })
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  try {
    const bare = url.replace(/\?token=.*/, '')
    expect((await fetch(bare)).status).toBe(403)
    expect((await fetch(url)).status).not.toBe(403)
    expect(stderr).toContain('127.0.0.1 only')
  } finally {
    child.kill('SIGINT')
  }
  expect(await exited).toBe(0)
})
