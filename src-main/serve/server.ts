// Serve mode (DESIGN §2, §13): the built renderer over node:http and the api over a WebSocket, on
// 127.0.0.1 only, every request gated by the random token of the printed URL.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import type { ApiHost } from '../api/host'
import { serveCsp, withCspMeta } from '../../src-shared/csp'
import { WS_PATH, type WsCall, type WsServerMessage } from '../../src-shared/ws-protocol'
import { hostAllowed, newToken, originAllowed, sessionCookie, tokenOf } from './auth'
import { readStatic } from './static-files'

export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024

export interface ServeOptions {
  host: ApiHost
  /** 0 = any free port. */
  port: number
  /** The built renderer; null serves a page saying how to build it. */
  rendererDir: string | null
  token?: string
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

export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  const token = opts.token ?? newToken()
  let port = opts.port
  const sockets = new Set<WebSocket>()

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    if (!hostAllowed(req, port)) return refuse(res, 403, 'forbidden: unknown Host')
    const proof = tokenOf(req, token)
    if (!proof)
      return refuse(res, 403, 'forbidden: open the URL that `skill-ab serve` printed (it carries the token)')
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'method not allowed')
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    const csp = serveCsp(port)
    const headers: Record<string, string> = {
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      ...(proof === 'query' ? { 'set-cookie': sessionCookie(token) } : {}),
    }
    if (!opts.rendererDir) {
      res.writeHead(503, { ...headers, 'content-type': 'text/html; charset=utf-8' })
      return void res.end(NOT_BUILT)
    }
    const file = readStatic(opts.rendererDir, path)
    if (!file) return refuse(res, 404, 'not found')
    // The page's meta tag says what the header says (a browser enforces both).
    const body = file.type.startsWith('text/html')
      ? Buffer.from(withCspMeta(file.body.toString('utf8'), csp))
      : file.body
    res.writeHead(200, { ...headers, 'content-type': file.type, 'content-length': String(body.length) })
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  const server = createServer(onRequest)
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    if (path !== WS_PATH || !hostAllowed(req, port) || !originAllowed(req, port) || !tokenOf(req, token)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\n\r\n')
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveSocket(ws))
  })

  const serveSocket = (ws: WebSocket): void => {
    sockets.add(ws)
    const send = (msg: WsServerMessage): void => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg))
    }
    const unsubscribe = opts.host.subscribe((patch) => send({ type: 'patch', patch }))
    ws.on('message', (data) => {
      let call: WsCall
      try {
        call = JSON.parse(String(data)) as WsCall
        if (typeof call.id !== 'number' || typeof call.channel !== 'string') throw new Error('bad frame')
      } catch {
        ws.close(1003, 'expected {id, channel, payload}')
        return
      }
      void opts.host
        .call(call.channel, call.payload)
        .then((envelope) => send({ type: 'reply', id: call.id, envelope }))
    })
    ws.on('close', () => {
      unsubscribe()
      sockets.delete(ws)
    })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, '127.0.0.1', () => resolve())
  })
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
