// The way in to a sandboxed `opencode serve`: it listens on 127.0.0.1 inside the sandbox's own network, where
// nothing outside can connect; a socat beside it passes a unix socket in its private dirs on to that port, and
// this relay on the host's 127.0.0.1 passes every connection on to that socket (docs/sandbox.md).
import { createConnection, createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { shellQuote } from '../isolation/sandbox'

/** Unix socket paths are limited to 107 bytes on Linux (103 on macOS). */
const MAX_SOCKET_PATH = 100

export interface ServeRelay {
  /** e.g. http://127.0.0.1:41234: where the host's client reaches the server. */
  url: string
  close(): void
}

/** The socket a sandboxed server in `privateRoot` is reached through; throws when its path is too long. */
export function relaySocketPath(privateRoot: string): string {
  const path = join(privateRoot, 'serve.sock')
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH)
    throw new Error(
      `the sandboxed opencode serve needs a unix socket at ${path}, longer than the ${MAX_SOCKET_PATH} bytes a socket path may have: set SKILL_AB_HOME to a shorter data dir`,
    )
  return path
}

/** The bash line run inside the sandbox: socat from `socket` to the server's port, then the server itself. */
export function relayedServeCommand(socket: string, port: number, serve: readonly string[]): string {
  const socat = `socat UNIX-LISTEN:${shellQuote(socket)},fork,unlink-early TCP:127.0.0.1:${port}`
  return `${socat} >/dev/null 2>&1 & exec ${serve.map(shellQuote).join(' ')}`
}

/** Listens on the host's 127.0.0.1 (a port the OS picks) and passes every connection on to `socket`. */
export function startServeRelay(socket: string): Promise<ServeRelay> {
  const server: Server = createServer((client) => {
    const inner = createConnection(socket)
    client.pipe(inner).pipe(client)
    const end = (): void => {
      client.destroy()
      inner.destroy()
    }
    client.on('error', end).on('close', end)
    inner.on('error', end).on('close', end)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() })
    })
  })
}
