// Serve mode's WebSocket messages (the same contract as IPC, framed as JSON text messages).
import type { Envelope } from './ipc'
import type { Patch } from './ipc-views'

export const WS_PATH = '/ws'

/** The largest message either side accepts; the server closes a connection sending more (code 1009). */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024

/** Where the page keeps the api token once it has taken it from its URL (tab storage: this origin only). */
export const TOKEN_STORAGE_KEY = 'skill-ab-token'

export interface WsCall {
  id: number
  channel: string
  payload: unknown
}

export type WsServerMessage =
  { type: 'reply'; id: number; envelope: Envelope<unknown> } | { type: 'patch'; patch: Patch }
