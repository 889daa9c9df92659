// The api over one WebSocket: each text message is a call `{id, channel, payload}` answered by a reply,
// and every live patch is pushed. Whatever a peer sends ends at most its own connection: a frame the
// protocol forbids is answered by the `ws` library with its close code (1009 over the size limit, 1007
// invalid UTF-8, 1002 a protocol error) and reported here as an `error` event, which must be handled or
// it would stop the whole process.
import type { WebSocket } from 'ws'
import type { ApiHost } from '../api/host'
import type { WsCall, WsServerMessage } from '../../src-shared/ws-protocol'

/** Close code for a message that is not a call (RFC 6455: unsupported data). */
export const CLOSE_NOT_A_CALL = 1003
/** Close code when the server fails to answer a call (RFC 6455: internal error). */
export const CLOSE_INTERNAL = 1011

function parseCall(data: unknown): WsCall | null {
  try {
    const call = JSON.parse(String(data)) as Partial<WsCall> | null
    if (!call || typeof call.id !== 'number' || typeof call.channel !== 'string') return null
    return call as WsCall
  } catch {
    return null
  }
}

export function serveSocket(ws: WebSocket, host: ApiHost, log: (line: string) => void): void {
  const send = (msg: WsServerMessage): void => {
    if (ws.readyState !== ws.OPEN) return
    try {
      ws.send(JSON.stringify(msg))
    } catch (err) {
      log(`serve: could not send to a page (${String(err)}); closing its connection`)
      ws.terminate()
    }
  }
  const unsubscribe = host.subscribe((patch) => send({ type: 'patch', patch }))
  ws.on('error', (err: Error & { code?: string }) => {
    // `ws` has already sent the close frame with the code that fits the fault.
    log(`serve: closed a WebSocket connection: ${err.message}${err.code ? ` (${err.code})` : ''}`)
  })
  ws.on('message', (data, isBinary) => {
    const call = isBinary ? null : parseCall(data)
    if (!call) {
      ws.close(CLOSE_NOT_A_CALL, 'expected a JSON text message {id, channel, payload}')
      return
    }
    host
      .call(call.channel, call.payload)
      .then((envelope) => send({ type: 'reply', id: call.id, envelope }))
      .catch((err: unknown) => {
        log(`serve: ${call.channel} failed unexpectedly: ${String(err)}`)
        if (ws.readyState === ws.OPEN) ws.close(CLOSE_INTERNAL, 'internal error')
      })
  })
  ws.on('close', unsubscribe)
}
