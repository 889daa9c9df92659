// Test helpers that talk to a scripted LLM like opencode does: request bodies, POST, SSE parsing.
import type { ScriptedLlm } from '../../../src-main/demo/scripted-llm'

export const TEST_TOOLS = ['bash', 'edit', 'read', 'skill', 'write']
export const TEST_WORK_DIR = '/tmp/case-work'

export interface BodyOptions {
  user: string
  /** Assistant tool-call messages (each with its tool result) already in the conversation. */
  steps?: number
  /** Non-built-in skills listed in <available_skills> (customize-opencode is always listed). */
  skills?: string[]
  tools?: string[]
  stream?: boolean
  model?: string
}

/** A chat-completions body shaped like opencode's: system prompt with <env> and <available_skills>. */
export function chatBody(o: BodyOptions): {
  model: string
  messages: unknown[]
  tools: unknown[]
  stream: boolean
} {
  const skills = ['customize-opencode', ...(o.skills ?? [])]
    .map((n) => `  <skill>\n    <name>${n}</name>\n    <description>d</description>\n  </skill>`)
    .join('\n')
  const system = `You are opencode.\n<env>\n  Working directory: ${TEST_WORK_DIR}\n</env>\n<available_skills>\n${skills}\n</available_skills>`
  const messages: unknown[] = [
    { role: 'system', content: system },
    { role: 'user', content: o.user },
  ]
  for (let i = 0; i < (o.steps ?? 0); i++) {
    const call = { id: `c${i}`, type: 'function', function: { name: 'write', arguments: '{}' } }
    messages.push(
      { role: 'assistant', content: '', tool_calls: [call] },
      { role: 'tool', tool_call_id: `c${i}`, content: 'ok' },
    )
  }
  const tools = (o.tools ?? TEST_TOOLS).map((name) => ({
    type: 'function',
    function: { name, parameters: {} },
  }))
  return { model: o.model ?? 'agent', messages, tools, stream: o.stream ?? true }
}

export function postChat(
  llm: ScriptedLlm,
  body: unknown,
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  return fetch(`${llm.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: JSON.stringify(body),
    signal: init.signal,
  })
}

export interface SseChunk {
  choices: { delta: Record<string, unknown>; finish_reason: string | null }[]
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number }
}

export interface ParsedStream {
  chunks: SseChunk[]
  /** The last event was `data: [DONE]`. */
  done: boolean
  text: string
  tool: { name: string; args: Record<string, unknown> } | null
  finish: string | null
}

/** Parses an SSE body the way an OpenAI client does: every `data:` line is JSON until [DONE]; throws if not. */
export function parseSse(raw: string): ParsedStream {
  const datas = raw.split('\n').filter((s) => s.startsWith('data: '))
  const done = datas.at(-1) === 'data: [DONE]'
  const chunks = datas.filter((d) => d !== 'data: [DONE]').map((d) => JSON.parse(d.slice(6)) as SseChunk)
  let text = ''
  let name = ''
  let args = ''
  let finish: string | null = null
  for (const c of chunks) {
    for (const ch of c.choices) {
      if (typeof ch.delta.content === 'string') text += ch.delta.content
      const calls = ch.delta.tool_calls as { function: { name?: string; arguments?: string } }[] | undefined
      for (const t of calls ?? []) {
        name += t.function.name ?? ''
        args += t.function.arguments ?? ''
      }
      finish = ch.finish_reason ?? finish
    }
  }
  const tool = name ? { name, args: JSON.parse(args) as Record<string, unknown> } : null
  return { chunks, done, text, tool, finish }
}
