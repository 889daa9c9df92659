// Reads an OpenAI chat-completions request body: message texts, request kind, listed skills, markers.
import type { Fault, RequestKind } from './types'

/** opencode's own skills, always listed; never count as "the skill". */
export const BUILT_IN_SKILLS: readonly string[] = ['customize-opencode']

export interface ChatMessage {
  role: string
  content?: unknown
  tool_calls?: { function?: { name?: string; arguments?: string } }[]
}

export interface ChatRequest {
  model: string
  stream: boolean
  messages: ChatMessage[]
  tools: string[]
}

const FAULTS: readonly Fault[] = ['500', '404', 'hang', 'stall', 'garbage', '429', '503']

/** Normalises a parsed body; anything missing becomes empty. */
export function toChatRequest(body: unknown): ChatRequest {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const messages = Array.isArray(b.messages) ? (b.messages as ChatMessage[]) : []
  const tools = Array.isArray(b.tools)
    ? (b.tools as { function?: { name?: unknown } }[])
        .map((t) => t?.function?.name)
        .filter((n): n is string => typeof n === 'string')
    : []
  return { model: typeof b.model === 'string' ? b.model : '', stream: b.stream === true, messages, tools }
}

/** The text of a message's content: a string, or the text parts of a content array. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .map((p: unknown) => {
      const part = p as { type?: unknown; text?: unknown }
      return typeof part?.text === 'string' ? part.text : ''
    })
    .join('')
}

/** Content text plus tool-call arguments of one message. */
function messageText(m: ChatMessage): string {
  const calls = (m.tool_calls ?? []).map((c) => `${c.function?.name ?? ''} ${c.function?.arguments ?? ''}`)
  return [contentText(m.content), ...calls].filter((s) => s !== '').join('\n')
}

/** The text of every message, joined with blank lines (what a judge callback receives). */
export function allText(req: ChatRequest): string {
  return req.messages.map(messageText).join('\n\n')
}

/** Characters of all message texts (the basis of prompt_tokens). */
export function messageChars(req: ChatRequest): number {
  return req.messages.reduce((n, m) => n + messageText(m).length, 0)
}

export function systemText(req: ChatRequest): string {
  return req.messages
    .filter((m) => m.role === 'system')
    .map((m) => contentText(m.content))
    .join('\n')
}

export function firstUserText(req: ChatRequest): string {
  const m = req.messages.find((x) => x.role === 'user')
  return m ? contentText(m.content) : ''
}

/** opencode's last allowed turn (agent `steps`): it asks for a text answer, tools disabled. */
export function isLastTurn(req: ChatRequest): boolean {
  const last = req.messages.at(-1)
  return (
    last?.role === 'assistant' && contentText(last.content).startsWith('CRITICAL - MAXIMUM STEPS REACHED')
  )
}

export function assistantCount(req: ChatRequest): number {
  return req.messages.filter((m) => m.role === 'assistant').length
}

/** The only tool opencode offers to a session whose message asks for a json_schema `format` (docs/opencode.md). */
export const STRUCTURED_OUTPUT_TOOL = 'StructuredOutput'

/** 'title' (title generator), 'judge' (no tools: every tool denied; or only StructuredOutput), else 'agent'. */
export function requestKind(req: ChatRequest): RequestKind {
  if (systemText(req).includes('You are a title generator')) return 'title'
  if (req.tools.length === 0) return 'judge'
  if (req.tools.length === 1 && req.tools[0] === STRUCTURED_OUTPUT_TOOL) return 'judge'
  return 'agent'
}

/** Non-built-in skill names inside <available_skills> of the system prompt, in listed order. */
export function listedSkills(req: ChatRequest): string[] {
  const block = /<available_skills>([\s\S]*?)<\/available_skills>/.exec(systemText(req))?.[1] ?? ''
  const names = [...block.matchAll(/<name>([^<]*)<\/name>/g)].map((m) => (m[1] ?? '').trim())
  return names.filter((n) => n !== '' && !BUILT_IN_SKILLS.includes(n))
}

/** The work dir opencode announces in the <env> block, if any. */
export function workingDirectory(req: ChatRequest): string | null {
  return /^\s*Working directory: (.+)$/m.exec(systemText(req))?.[1]?.trim() ?? null
}

/** First `[[<prefix>:X]]` marker whose X is a known fault. `fault` never matches `judge-fault`. */
export function faultMarker(text: string, prefix: 'fault' | 'judge-fault'): Fault | null {
  for (const m of text.matchAll(/\[\[([a-z-]+):([a-z0-9]+)\]\]/g)) {
    if (m[1] === prefix && FAULTS.includes(m[2] as Fault)) return m[2] as Fault
  }
  return null
}

/** First `[[<prefix>:N]]` marker with an integer N, else null. */
export function numberMarker(text: string, prefix: 'delay' | 'judge-delay' | 'judge-score'): number | null {
  for (const m of text.matchAll(/\[\[([a-z-]+):(-?\d+(?:\.\d+)?)\]\]/g)) {
    if (m[1] === prefix) return Number(m[2])
  }
  return null
}
