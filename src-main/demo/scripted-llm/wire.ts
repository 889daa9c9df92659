// Encodes a reply the way OpenAI chat completions does: SSE chunks (stream) or one JSON body, plus usage.
import type { ServerResponse } from 'node:http'
import type { Reply } from './script'

export interface Usage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}

/** prompt = ceil(message chars / 4); completion = ceil(reply chars / 4) + 5. */
export function usageFor(promptChars: number, reply: Reply): Usage {
  const replyChars =
    reply.type === 'text' ? reply.text.length : reply.tool.length + JSON.stringify(reply.args).length
  const prompt_tokens = Math.ceil(promptChars / 4)
  const completion_tokens = Math.ceil(replyChars / 4) + 5
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens }
}

/** A stable id derived from the request's step, so identical requests give identical answers. */
export function completionId(stepIndex: number): string {
  return `chatcmpl-scripted-${stepIndex}`
}

function chunk(id: string, model: string, choices: unknown[], extra: Record<string, unknown> = {}): string {
  const body = { id, object: 'chat.completion.chunk', created: 0, model, choices, ...extra }
  return `data: ${JSON.stringify(body)}\n\n`
}

/** Splits a string into `n` roughly equal pieces (at least one). */
function pieces(s: string, n: number): string[] {
  const size = Math.max(1, Math.ceil(s.length / n))
  const out: string[] = []
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size))
  return out.length > 0 ? out : ['']
}

/** The SSE chunks for a reply: deltas, the finish chunk, the usage chunk, then [DONE]. */
export function sseChunks(id: string, model: string, reply: Reply, usage: Usage): string[] {
  const out: string[] = []
  if (reply.type === 'text') {
    const parts = pieces(reply.text, 3)
    parts.forEach((text, i) => {
      const delta = i === 0 ? { role: 'assistant', content: text } : { content: text }
      out.push(chunk(id, model, [{ index: 0, delta, finish_reason: null }]))
    })
  } else {
    const callId = `call_${id}`
    const head = { index: 0, id: callId, type: 'function', function: { name: reply.tool, arguments: '' } }
    out.push(
      chunk(id, model, [{ index: 0, delta: { role: 'assistant', tool_calls: [head] }, finish_reason: null }]),
    )
    for (const args of pieces(JSON.stringify(reply.args), 3)) {
      const delta = { tool_calls: [{ index: 0, function: { arguments: args } }] }
      out.push(chunk(id, model, [{ index: 0, delta, finish_reason: null }]))
    }
  }
  const finish = reply.type === 'text' ? 'stop' : 'tool_calls'
  out.push(chunk(id, model, [{ index: 0, delta: {}, finish_reason: finish }]))
  out.push(chunk(id, model, [], { usage }))
  out.push('data: [DONE]\n\n')
  return out
}

/** The first SSE chunk of a text reply (what a stalled stream sends before going silent). */
export function firstChunk(id: string, model: string): string {
  return chunk(id, model, [
    { index: 0, delta: { role: 'assistant', content: 'Working on' }, finish_reason: null },
  ])
}

/** A non-streaming chat.completion body. */
export function completionJson(id: string, model: string, reply: Reply, usage: Usage): unknown {
  const message =
    reply.type === 'text'
      ? { role: 'assistant', content: reply.text }
      : {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: `call_${id}`,
              type: 'function',
              function: { name: reply.tool, arguments: JSON.stringify(reply.args) },
            },
          ],
        }
  const finish_reason = reply.type === 'text' ? 'stop' : 'tool_calls'
  return {
    id,
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message, finish_reason }],
    usage,
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  })
  res.end(text)
}

export function sendReply(
  res: ServerResponse,
  stream: boolean,
  id: string,
  model: string,
  reply: Reply,
  usage: Usage,
): void {
  if (!stream) return sendJson(res, 200, completionJson(id, model, reply, usage))
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  })
  for (const c of sseChunks(id, model, reply, usage)) res.write(c)
  res.end()
}
