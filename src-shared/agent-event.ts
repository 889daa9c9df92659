// What opencode reports about a run, as every layer stores and reads it: its raw events and token counts.

export interface TokenCounts {
  input: number
  output: number
  reasoning: number
  cacheRead: number
  cacheWrite: number
}

/** One parsed event from opencode (`run --format json` NDJSON or a serve session event), kept as received. */
export interface AgentEvent {
  type: string
  timestamp?: number
  sessionID?: string
  [key: string]: unknown
}
