// For tests: a WebSocket client on a bare TCP socket that can send frames no well-behaved client sends
// (wrong lengths, invalid UTF-8, unmasked, reserved bits and opcodes), and raw HTTP requests.
import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'

export interface FrameSpec {
  opcode: number
  payload?: Buffer
  fin?: boolean
  /** The RSV1–3 bits, as the byte's bits 6–4 (0x40 = RSV1). */
  rsv?: number
  /** Client frames must be masked; false sends one unmasked. */
  masked?: boolean
  /** Claim this payload length in the header (the payload sent is still `payload`). */
  claimedLength?: number
}

export function frame(spec: FrameSpec): Buffer {
  const payload = spec.payload ?? Buffer.alloc(0)
  const length = spec.claimedLength ?? payload.length
  const masked = spec.masked ?? true
  const head = [((spec.fin ?? true) ? 0x80 : 0) | (spec.rsv ?? 0) | spec.opcode]
  const maskBit = masked ? 0x80 : 0
  let ext = Buffer.alloc(0)
  if (length < 126) head.push(maskBit | length)
  else if (length < 65_536) {
    head.push(maskBit | 126)
    ext = Buffer.alloc(2)
    ext.writeUInt16BE(length)
  } else {
    head.push(maskBit | 127)
    ext = Buffer.alloc(8)
    ext.writeBigUInt64BE(BigInt(length))
  }
  if (!masked) return Buffer.concat([Buffer.from(head), ext, payload])
  const mask = randomBytes(4)
  const body = Buffer.from(payload.map((b, i) => b ^ (mask[i % 4] as number)))
  return Buffer.concat([Buffer.from(head), ext, mask, body])
}

/** Sends `request` as is and resolves with the whole response the server wrote before closing. */
export function rawHttp(port: number, request: string, resetAfterWrite = false): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request)
      if (resetAfterWrite) socket.resetAndDestroy()
    })
    let text = ''
    socket.on('data', (c) => (text += String(c)))
    socket.on('error', () => resolve(text))
    socket.on('close', () => resolve(text))
  })
}

/** Consumes the whole server frames at the start of `bytes` (unmasked); a close frame's code goes to `onClose`. */
function readServerFrames(bytes: Buffer, onClose: (code: number | null) => void): Buffer {
  let rest = bytes
  for (;;) {
    if (rest.length < 2) return rest
    const opcode = (rest[0] as number) & 0x0f
    let length = (rest[1] as number) & 0x7f
    let start = 2
    if (length === 126) {
      if (rest.length < 4) return rest
      length = rest.readUInt16BE(2)
      start = 4
    } else if (length === 127) {
      if (rest.length < 10) return rest
      length = Number(rest.readBigUInt64BE(2))
      start = 10
    }
    if (rest.length < start + length) return rest
    if (opcode === 8) onClose(length >= 2 ? rest.readUInt16BE(start) : null)
    rest = rest.subarray(start + length)
  }
}

export interface RawWebSocket {
  socket: Socket
  send(bytes: Buffer): void
  /** The status code of the server's close frame, or null if it closed without one. */
  closeCode: Promise<number | null>
}

/** Opens `path` as a WebSocket by hand; rejects unless the server answers 101. */
export function openRawWebSocket(port: number, path: string): Promise<RawWebSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let upgraded = false
    let buffered: Buffer = Buffer.alloc(0)
    let settleClose: (code: number | null) => void = () => {}
    const closeCode = new Promise<number | null>((r) => (settleClose = r))
    socket.on('connect', () =>
      socket.write(
        [
          `GET ${path} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
          'Sec-WebSocket-Version: 13',
          '',
          '',
        ].join('\r\n'),
      ),
    )
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk])
      if (!upgraded) {
        const end = buffered.indexOf('\r\n\r\n')
        if (end < 0) return
        const head = buffered.subarray(0, end).toString()
        if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(head.split('\r\n')[0]))
        upgraded = true
        buffered = buffered.subarray(end + 4)
        resolve({ socket, send: (bytes) => socket.write(bytes), closeCode })
      }
      buffered = readServerFrames(buffered, settleClose)
    })
    socket.on('error', (err) => {
      if (!upgraded) reject(err)
      settleClose(null)
    })
    socket.on('close', () => settleClose(null))
  })
}
