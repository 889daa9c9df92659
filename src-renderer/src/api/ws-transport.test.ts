// The page's WebSocket transport: a reconnect makes the page reload what it shows (patches may have been
// missed while it was away); the first connection does not (the page would load everything twice).
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Patch } from '../../../src-shared/ipc-views'
import { wsTransport } from './ws-transport'

class FakeSocket {
  static made: FakeSocket[] = []
  onopen: (() => void) | null = null
  onmessage: ((e: { data: string }) => void) | null = null
  onclose: (() => void) | null = null
  sent: string[] = []
  constructor(readonly url: string) {
    FakeSocket.made.push(this)
  }
  send(frame: string): void {
    this.sent.push(frame)
  }
}

const page = { protocol: 'http:', host: '127.0.0.1:4000' } as Location

describe('ws transport', () => {
  afterEach(() => {
    FakeSocket.made = []
    vi.useRealTimers()
  })

  it('asks the page to reload only after a reconnect, not on the first connection', () => {
    vi.useFakeTimers()
    const transport = wsTransport(page, 'tok', FakeSocket as unknown as typeof WebSocket)
    const patches: Patch[] = []
    transport.onPatch((p) => patches.push(p))
    const first = FakeSocket.made[0]
    first?.onopen?.()
    expect(patches).toEqual([])

    first?.onclose?.()
    vi.advanceTimersByTime(1000)
    FakeSocket.made[1]?.onopen?.()
    expect(patches).toEqual([{ runs: [], tasks: [], external: true }])
  })

  it('sends a call made before the socket opened once it opens', async () => {
    const transport = wsTransport(page, 'tok', FakeSocket as unknown as typeof WebSocket)
    const answer = transport.call('tasks.list', {})
    const socket = FakeSocket.made[0]
    expect(socket?.sent).toEqual([])
    socket?.onopen?.()
    expect(socket?.sent.map((f) => JSON.parse(f) as { channel: string })).toMatchObject([
      { channel: 'tasks.list' },
    ])
    socket?.onmessage?.({
      data: JSON.stringify({ type: 'reply', id: 1, envelope: { ok: true, result: [] } }),
    })
    await expect(answer).resolves.toEqual([])
  })
})
