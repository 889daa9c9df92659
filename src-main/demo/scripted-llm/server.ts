// The scripted LLM's HTTP server: routes, request log, server-wide faults and delays, clean shutdown.
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { writeFault } from './faults'
import { MODEL_IDS, PROVIDER_ID } from './provider-config'
import type { ChatRequest } from './request'
import {
  allText,
  assistantCount,
  faultMarker,
  firstUserText,
  listedSkills,
  messageChars,
  numberMarker,
  requestKind,
  toChatRequest,
} from './request'
import type { Reply } from './script'
import {
  JUDGE_GARBAGE_TEXT,
  TITLE_TEXT,
  agentReply,
  isSkillListed,
  judgeReply,
  scriptedFault,
} from './script'
import type { Fault, LoggedRequest, RequestKind, ScriptedLlm, ScriptedLlmOptions } from './types'
import { completionId, sendJson, sendReply, usageFor } from './wire'

interface State {
  opts: ScriptedLlmOptions
  delayMs: number
  fault: { fault: Fault; remaining: number; only: RequestKind | null } | null
  requests: LoggedRequest[]
  timers: Set<NodeJS.Timeout>
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** Takes one use of the server-wide fault, if any applies to this kind of request. */
function takeServerFault(state: State, kind: RequestKind): Fault | null {
  const f = state.fault
  if (!f || (f.only !== null && f.only !== kind)) return null
  f.remaining -= 1
  if (f.remaining <= 0) state.fault = null
  return f.fault
}

/** Markers only act on their own kind: agents read the first user message, judges every message. */
function markerFault(chat: ChatRequest, kind: RequestKind): Fault | 'judge-garbage' | null {
  if (kind === 'agent') return faultMarker(firstUserText(chat), 'fault')
  if (kind !== 'judge') return null
  const f = faultMarker(allText(chat), 'judge-fault')
  return f === 'garbage' ? 'judge-garbage' : f
}

function markerDelay(chat: ChatRequest, kind: RequestKind): number {
  if (kind === 'agent') return numberMarker(firstUserText(chat), 'delay') ?? 0
  if (kind === 'judge') return numberMarker(allText(chat), 'judge-delay') ?? 0
  return 0
}

function replyFor(chat: ChatRequest, kind: RequestKind, opts: ScriptedLlmOptions): Reply {
  if (kind === 'title') return { type: 'text', text: TITLE_TEXT }
  if (kind === 'judge') return judgeReply(chat, opts)
  return agentReply(chat, opts)
}

function handleChat(state: State, req: IncomingMessage, res: ServerResponse, raw: string): void {
  let body: unknown
  try {
    body = raw ? JSON.parse(raw) : null
  } catch {
    return sendJson(res, 400, {
      error: { message: 'scripted: request body is not JSON', type: 'invalid_request_error' },
    })
  }
  const chat = toChatRequest(body)
  const kind = requestKind(chat)
  const stepIndex = assistantCount(chat)
  const fault =
    takeServerFault(state, kind) ??
    markerFault(chat, kind) ??
    (kind === 'agent' ? scriptedFault(chat, state.opts) : null)
  let reply = replyFor(chat, kind, state.opts)
  if (fault === 'judge-garbage') reply = { type: 'text', text: JUDGE_GARBAGE_TEXT }
  const delayMs = Math.max(state.delayMs, markerDelay(chat, kind))
  const runTag = req.headers['x-run']
  state.requests.push({
    time: Date.now(),
    method: req.method ?? '',
    path: req.url ?? '',
    model: chat.model,
    kind,
    skillListed: isSkillListed(chat, state.opts.skillName),
    skills: listedSkills(chat),
    stepIndex,
    fault,
    runTag: typeof runTag === 'string' && runTag !== '' ? runTag : null,
    tools: chat.tools,
    stream: chat.stream,
    delayMs,
    reply: fault && fault !== 'judge-garbage' ? { type: 'fault', fault } : reply,
    body,
  })
  const answer = (): void => {
    if (res.destroyed) return
    if (fault && fault !== 'judge-garbage') return writeFault(res, fault, chat.model, chat.stream)
    sendReply(
      res,
      chat.stream,
      completionId(stepIndex),
      chat.model,
      reply,
      usageFor(messageChars(chat), reply),
    )
  }
  if (delayMs <= 0) return answer()
  const timer = setTimeout(() => {
    state.timers.delete(timer)
    answer()
  }, delayMs)
  state.timers.add(timer)
}

function logPlain(state: State, req: IncomingMessage, reply: LoggedRequest['reply']): void {
  state.requests.push({
    time: Date.now(),
    method: req.method ?? '',
    path: req.url ?? '',
    model: '',
    kind: 'other',
    skillListed: false,
    skills: [],
    stepIndex: 0,
    fault: null,
    runTag: null,
    tools: [],
    stream: false,
    delayMs: 0,
    reply,
    body: null,
  })
}

async function route(state: State, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '').split('?')[0] ?? ''
  const raw = await readBody(req)
  if (req.method === 'POST' && path.endsWith('/chat/completions')) return handleChat(state, req, res, raw)
  if (req.method === 'GET' && path.endsWith('/models')) {
    logPlain(state, req, { type: 'models' })
    const data = MODEL_IDS.map((id) => ({ id, object: 'model', created: 0, owned_by: PROVIDER_ID }))
    return sendJson(res, 200, { object: 'list', data })
  }
  logPlain(state, req, { type: 'not-found' })
  sendJson(res, 404, { error: { message: `scripted: no route ${req.method} ${path}`, type: 'not_found' } })
}

/** Starts the server on 127.0.0.1 and resolves once it listens. */
export function startScriptedLlm(opts: ScriptedLlmOptions = {}): Promise<ScriptedLlm> {
  const state: State = { opts, delayMs: opts.delayMs ?? 0, fault: null, requests: [], timers: new Set() }
  const server = createServer((req, res) => {
    route(state, req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `scripted: ${String(err)}` } })
      else res.destroy()
    })
  })
  let closing: Promise<void> | null = null
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      for (const t of state.timers) clearTimeout(t)
      state.timers.clear()
      server.close(() => resolve())
      server.closeAllConnections()
    })
    return closing
  }
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port
      resolve({
        url: `http://127.0.0.1:${port}/v1`,
        port,
        requests: state.requests,
        setFault: (fault, o) => {
          state.fault = fault
            ? { fault, remaining: o?.times ?? Number.POSITIVE_INFINITY, only: o?.only ?? null }
            : null
        },
        setDelay: (ms) => {
          state.delayMs = ms
        },
        close,
      })
    })
  })
}
