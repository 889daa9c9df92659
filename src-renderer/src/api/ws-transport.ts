// Serve mode's transport: the api over one WebSocket to the page's own server, carrying the page's token
// (see page-token.ts). Calls wait while (re)connecting; patches are fanned out to subscribers. A call too
// large for the server is refused here: sent, it would close the connection and be resent on every reconnect.
import { ApiError, type Envelope } from '../../../src-shared/api-error'
import type { Patch } from '../../../src-shared/ipc-views'
import { MAX_MESSAGE_BYTES, WS_PATH, type WsServerMessage } from '../../../src-shared/ws-protocol'

export interface RawTransport {
  call(channel: string, payload: unknown): Promise<unknown>
  onPatch(listener: (patch: Patch) => void): () => void
  /** Settles once calls go out as they are made (the first connection is open); absent: at once. */
  ready?: Promise<void>
}

const RECONNECT_MS = 1000

const NO_TOKEN =
  'This page has no access token: open the URL that `skill-ab serve` printed (it carries the token).'

function tooLarge(frame: string): string | null {
  // A UTF-8 byte is at least a third of a UTF-16 unit: encode only when it may be over.
  if (frame.length * 3 <= MAX_MESSAGE_BYTES) return null
  const bytes = new TextEncoder().encode(frame).length
  if (bytes <= MAX_MESSAGE_BYTES) return null
  const mib = (n: number): string => (n / 1024 / 1024).toFixed(1)
  return `This request is ${mib(bytes)} MiB; the server takes at most ${mib(MAX_MESSAGE_BYTES)} MiB per request: make the inputs smaller.`
}

export function wsTransport(
  location: Location,
  token: string | null,
  WebSocketImpl: typeof WebSocket = WebSocket,
): RawTransport {
  if (token === null)
    return {
      call: () => Promise.reject(new ApiError({ kind: 'input', message: NO_TOKEN })),
      onPatch: () => () => {},
    }
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}?token=${encodeURIComponent(token)}`
  const pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; frame: string }
  >()
  const listeners = new Set<(patch: Patch) => void>()
  let nextId = 1
  let socket: WebSocket | null = null
  let open = false
  let opened = false
  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => (markReady = resolve))

  const connect = (): void => {
    const ws = new WebSocketImpl(url)
    socket = ws
    ws.onopen = () => {
      open = true
      for (const p of pending.values()) ws.send(p.frame)
      // After a reconnect the page may have missed patches: say so like another process's write. The first
      // connection missed nothing (every call waited for it), so it does not make the page load twice.
      if (opened) for (const l of listeners) l({ runs: [], tasks: [], external: true })
      opened = true
      markReady()
    }
    ws.onmessage = (event) => {
      const msg = JSON.parse(String(event.data)) as WsServerMessage
      if (msg.type === 'patch') {
        for (const l of listeners) l(msg.patch)
        return
      }
      const call = pending.get(msg.id)
      if (!call) return
      pending.delete(msg.id)
      const envelope = msg.envelope as Envelope<unknown>
      if (envelope.ok) call.resolve(envelope.result)
      else call.reject(new ApiError(envelope.error))
    }
    ws.onclose = () => {
      open = false
      socket = null
      setTimeout(connect, RECONNECT_MS)
    }
  }
  connect()

  return {
    ready,
    call(channel, payload) {
      const id = nextId++
      const frame = JSON.stringify({ id, channel, payload })
      const refusal = tooLarge(frame)
      if (refusal) return Promise.reject(new ApiError({ kind: 'input', message: refusal }))
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, frame })
        if (open && socket) socket.send(frame)
      })
    },
    onPatch(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
