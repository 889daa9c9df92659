import { describe, expect, it } from 'vitest'
import { parseServeEvent, readServeEvents, SseParser, type ServeEvent } from './sse'

describe('SseParser', () => {
  it('joins messages split across chunks, anywhere, including inside a UTF-8 character', () => {
    const text =
      'data: {"type":"a","properties":{"t":"é"}}\n\n: comment\nid: 1\ndata: {"type":"b",\r\ndata: "properties":{}}\r\n\r\n'
    const bytes = new TextEncoder().encode(text)
    const parser = new SseParser()
    const out = []
    for (let i = 0; i < bytes.length; i += 3) out.push(...parser.push(bytes.subarray(i, i + 3)))
    expect(out).toEqual([
      { event: 'message', data: '{"type":"a","properties":{"t":"é"}}' },
      { event: 'message', data: '{"type":"b",\n"properties":{}}' },
    ])
  })

  it('keeps an event name and drops a message without data', () => {
    const parser = new SseParser()
    expect(parser.push('event: ping\n\nevent: x\ndata:y\n\n')).toEqual([{ event: 'x', data: 'y' }])
  })
})

describe('parseServeEvent', () => {
  it('accepts {type, properties} and rejects anything else', () => {
    expect(parseServeEvent('{"type":"session.idle","properties":{"sessionID":"s"}}')).toEqual({
      type: 'session.idle',
      properties: { sessionID: 's' },
    })
    expect(parseServeEvent('{"type":"x"}')).toEqual({ type: 'x', properties: {} })
    expect(parseServeEvent('[1]')).toBeNull()
    expect(parseServeEvent('{"properties":{}}')).toBeNull()
    expect(parseServeEvent('not json')).toBeNull()
  })
})

describe('readServeEvents', () => {
  it('reads until the body ends, and says so', async () => {
    const body = new Response('data: {"type":"a","properties":{}}\n\ndata: {"type":"b","properties":{}}\n\n')
      .body
    const seen: ServeEvent[] = []
    const why = await readServeEvents(
      body as ReadableStream<Uint8Array>,
      (e) => seen.push(e),
      new AbortController().signal,
    )
    expect(why).toBe('end')
    expect(seen.map((e) => e.type)).toEqual(['a', 'b'])
  })

  it('stops on abort while the body stays open', async () => {
    const body = new ReadableStream<Uint8Array>({ start: () => {} })
    const ac = new AbortController()
    const reading = readServeEvents(body, () => {}, ac.signal)
    ac.abort()
    expect(await reading).toBe('aborted')
  })
})
