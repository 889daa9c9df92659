// Serve mode: the built renderer over node:http and the api over a WebSocket, on 127.0.0.1 only, every
// request gated by the random token of the printed URL (see auth.ts). No request, socket or message can
// stop the server: each fault ends its own connection only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { ApiHost } from '../api/host'
import { serveCsp, withCspMeta } from '../../src-shared/csp'
import { MAX_MESSAGE_BYTES, WS_PATH } from '../../src-shared/ws-protocol'
import { hasToken, hostAllowed, newToken, originAllowed, pageCookie, pageProof, requestUrl } from './auth'
import { serveSocket } from './socket-api'
import { readStatic } from './static-files'

export interface ServeOptions {
  host: ApiHost
  /** 0 = any free port. */
  port: number
  /** The built renderer; null serves a page saying how to build it. */
  rendererDir: string | null
  token?: string
  /** Where dropped connections are reported (default: stderr). */
  log?: (line: string) => void
}

export interface RunningServer {
  url: string
  port: number
  token: string
  close(): Promise<void>
}

const NOT_BUILT =
  '<!doctype html><meta charset="utf-8"><title>Skill A/B</title><p>The UI is not built: run <code>npm run build</code>, then start <code>skill-ab serve</code> again.</p>'

function refuse(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
  res.end(`${text}\n`)
}

/** Answers a failed upgrade on the raw socket (it has no HTTP response object). */
function refuseUpgrade(socket: Duplex, status: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\n\r\n`)
  else socket.destroy()
}

export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  const token = opts.token ?? newToken()
  const pagePass = newToken()
  const log = opts.log ?? ((line: string) => void process.stderr.write(`${line}\n`))
  let port = opts.port
  const sockets = new Set<WebSocket>()

  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    if (!hostAllowed(req, port)) return refuse(res, 403, 'forbidden: unknown Host')
    const url = requestUrl(req)
    if (!url) return refuse(res, 400, 'bad request: the request target is not a URL path')
    const proof = pageProof(req, url, { token, pagePass, port })
    if (!proof)
      return refuse(res, 403, 'forbidden: open the URL that `skill-ab serve` printed (it carries the token)')
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'method not allowed')
    const csp = serveCsp(port)
    const headers: Record<string, string> = {
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      ...(proof === 'query' ? { 'set-cookie': pageCookie(port, pagePass) } : {}),
    }
    if (!opts.rendererDir) {
      res.writeHead(503, { ...headers, 'content-type': 'text/html; charset=utf-8' })
      return void res.end(NOT_BUILT)
    }
    const file = readStatic(opts.rendererDir, url.pathname)
    if (!file) return refuse(res, 404, 'not found')
    // The page's meta tag says what the header says (a browser enforces both).
    const body = file.type.startsWith('text/html')
      ? Buffer.from(withCspMeta(file.body.toString('utf8'), csp))
      : file.body
    res.writeHead(200, { ...headers, 'content-type': file.type, 'content-length': String(body.length) })
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  // A request or socket error (a peer resetting mid-answer, a bad target) ends that request only.
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    req.on('error', () => res.destroy())
    res.on('error', () => res.destroy())
    try {
      answer(req, res)
    } catch (err) {
      log(`serve: ${req.method} request failed: ${String(err)}`)
      if (res.headersSent) res.destroy()
      else refuse(res, 500, 'internal error')
    }
  }

  const server = createServer(onRequest)
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // After 'upgrade' node leaves the socket without an error listener: an error on it would stop serve.
    socket.on('error', () => socket.destroy())
    try {
      const url = requestUrl(req)
      if (!url) return refuseUpgrade(socket, '400 Bad Request')
      const allowed =
        url.pathname === WS_PATH && hostAllowed(req, port) && originAllowed(req, port) && hasToken(url, token)
      if (!allowed) return refuseUpgrade(socket, '403 Forbidden')
      wss.handleUpgrade(req, socket, head, (ws) => {
        sockets.add(ws)
        ws.on('close', () => sockets.delete(ws))
        serveSocket(ws, opts.host, log)
      })
    } catch (err) {
      log(`serve: WebSocket upgrade failed: ${String(err)}`)
      socket.destroy()
    }
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  // Once listening, an accept failure (e.g. out of file descriptors) drops that connection only.
  server.on('error', (err) => log(`serve: a connection failed: ${err.message}`))
  port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    async close() {
      for (const ws of sockets) ws.terminate()
      wss.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
