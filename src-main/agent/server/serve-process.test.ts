import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePort, listeningUrl } from './serve-process'

describe('serve process helpers', () => {
  it('reads the url from the "listening on" line', () => {
    expect(listeningUrl('opencode server listening on http://127.0.0.1:4096')).toBe('http://127.0.0.1:4096')
    expect(listeningUrl('opencode server listening on http://127.0.0.1:4096/')).toBe('http://127.0.0.1:4096')
    expect(listeningUrl('Warning: OPENCODE_SERVER_PASSWORD is not set')).toBeNull()
  })

  it('finds a port that can be listened on', async () => {
    const port = await freePort()
    expect(port).toBeGreaterThan(0)
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    await new Promise((resolve) => server.close(resolve))
  })
})
