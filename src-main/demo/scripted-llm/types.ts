// Public types of the scripted LLM: scripts, options, the request log and the server handle.

/**
 * One step of a script: a tool call (names/args as opencode offers them), a final text answer, or a fault
 * answered to every attempt at this step (e.g. the provider failing only for the variant with the skill).
 */
export type FixedStep =
  | { tool: 'skill'; args: { name: string } }
  | { tool: 'write'; args: { filePath: string; content: string } }
  | { tool: 'bash'; args: { command: string; description?: string } }
  | { tool: string; args: Record<string, unknown> }
  | { text: string }
  | { fault: Fault }

/** What a computed step sees of the request (the server stays stateless: all it knows is in the request). */
export interface StepContext {
  /** The system prompt's text (e.g. each listed skill's <location>). */
  system: string
  /** The text of every role "tool" message so far, oldest first (e.g. the skill tool's base directory). */
  toolResults: string[]
  /** The first user message (the task, or a trigger probe's query). */
  user: string
}

/** A fixed step, or one computed from the request (e.g. a path only the earlier tool results name). */
export type ScriptStep = FixedStep | { compute: (ctx: StepContext) => FixedStep }

/** A per-case script, chosen when `match` occurs in the first user message. */
export interface CaseScript {
  match: string
  withSkill: ScriptStep[]
  withoutSkill: ScriptStep[]
}

export interface ScriptedLlmOptions {
  /** The skill whose presence in <available_skills> selects withSkill; default: any non-built-in skill. */
  skillName?: string
  /** The first case whose `match` occurs in the first user message wins. */
  cases?: CaseScript[]
  defaultScript?: { withSkill: ScriptStep[]; withoutSkill: ScriptStep[] }
  /** Reply text for judge requests, given the text of all messages. */
  judge?: (requestText: string) => string
  /** Delay before every answer, in ms. */
  delayMs?: number
  /** Port on 127.0.0.1; default 0 = random. */
  port?: number
}

/** '503': overloaded, retry after a minute (opencode waits to retry; a short watchdog stops it first). */
export type Fault = '500' | '404' | 'hang' | 'stall' | 'garbage' | '429' | '503'

export type RequestKind = 'agent' | 'judge' | 'title'

/** What the server answered (or did) for one request. */
export type ReplyLog =
  | { type: 'tool'; tool: string; args: Record<string, unknown> }
  | { type: 'text'; text: string }
  | { type: 'fault'; fault: Fault | 'judge-garbage' }
  | { type: 'models' }
  | { type: 'not-found' }

export interface LoggedRequest {
  /** Epoch ms when the request body was complete. */
  time: number
  method: string
  path: string
  /** `model` from the body ('' when absent). */
  model: string
  /** 'other' for anything but POST …/chat/completions (GET /v1/models, unknown paths). */
  kind: RequestKind | 'other'
  /** The configured skill (or, without skillName, any non-built-in skill) is in <available_skills>. */
  skillListed: boolean
  /** Non-built-in skill names found in <available_skills>. */
  skills: string[]
  /** Number of assistant messages already in the request = index of the step answered. */
  stepIndex: number
  /** The fault applied to this request, or null. */
  fault: Fault | 'judge-garbage' | null
  /** Header x-run, when present (tag runs through the provider config's headers). */
  runTag: string | null
  /** Tool names the request offered. */
  tools: string[]
  stream: boolean
  /** Delay applied before answering, ms. */
  delayMs: number
  reply: ReplyLog
  /** The parsed request body (null for bodiless requests or unparsable JSON). */
  body: unknown
}

export interface ScriptedLlm {
  /** The baseURL for opencode, e.g. http://127.0.0.1:4010/v1 */
  url: string
  port: number
  /** Every request, in arrival order. */
  requests: LoggedRequest[]
  /** Server-wide fault for the next `times` requests (default: until cleared with null), of one kind if `only`. */
  setFault(fault: Fault | null, opts?: { times?: number; only?: RequestKind }): void
  setDelay(ms: number): void
  /** Stops listening and ends every open (hanging, stalled, delayed, keep-alive) connection. */
  close(): Promise<void>
}
