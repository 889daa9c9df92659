// Writes the scripted failure responses: HTTP errors, hangs, stalls and garbage bodies.
import type { ServerResponse } from 'node:http'
import type { Fault } from './types'
import { firstChunk, sendJson } from './wire'

export const INTERNAL_ERROR_MESSAGE = 'scripted internal error'
export const RATE_LIMIT_MESSAGE = 'scripted rate limit exceeded'
export const OVERLOADED_MESSAGE = 'scripted service unavailable'

/** Retryable errors carry retry-after-ms so opencode's five retries take milliseconds, not a minute. */
const RETRY_FAST = { 'retry-after-ms': '1', 'retry-after': '0' }
/** …except '503', whose next attempt comes after a minute: opencode is caught waiting to retry. */
const RETRY_LATER = { 'retry-after-ms': '60000', 'retry-after': '60' }

/** The retryable HTTP errors: status, the OpenAI-style error body, the retry-after headers. */
const RETRYABLE: Record<
  '500' | '429' | '503',
  { message: string; type: string; code: string; headers: Record<string, string> }
> = {
  '500': {
    message: INTERNAL_ERROR_MESSAGE,
    type: 'server_error',
    code: 'internal_error',
    headers: RETRY_FAST,
  },
  '429': {
    message: RATE_LIMIT_MESSAGE,
    type: 'rate_limit_error',
    code: 'rate_limit_exceeded',
    headers: RETRY_FAST,
  },
  '503': { message: OVERLOADED_MESSAGE, type: 'server_error', code: 'overloaded', headers: RETRY_LATER },
}

/**
 * Non-SSE bytes behind a 200 event stream, ending in one `data:` line that is not JSON. Without that line
 * opencode 1.18.33 treats the empty stream as an empty step and loops forever (measured: ~750 steps in 9 min).
 */
export const GARBAGE_BODY =
  '<html><body>502 Bad Gateway?! not an event stream {{{</body></html>\ndata: {"choices": [ garbage <<<\n\n'

/** Answers `res` with `fault`. 'hang' and 'stall' leave the response open: the server's close() ends them. */
export function writeFault(res: ServerResponse, fault: Fault, model: string, stream: boolean): void {
  switch (fault) {
    case '500':
    case '429':
    case '503': {
      const { headers, ...error } = RETRYABLE[fault]
      return sendJson(res, Number(fault), { error }, headers)
    }
    case '404':
      return sendJson(res, 404, {
        error: {
          message: `The model '${model}' does not exist or you do not have access to it.`,
          type: 'invalid_request_error',
          code: 'model_not_found',
        },
      })
    case 'hang':
      return
    case 'stall':
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      res.write(firstChunk('chatcmpl-scripted-stall', model))
      return
    case 'garbage':
      res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' })
      res.end(GARBAGE_BODY)
      return
  }
}
