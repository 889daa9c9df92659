// The renderer's one `api` object (docs/architecture.md): the preload's functions in Electron, a WebSocket in a
// browser. Screens and stores import `api` from here and never know which transport is under it.
import { ApiError, type ApiErrorBody } from '../../../src-shared/api-error'
import type { Api, Request, Response } from '../../../src-shared/ipc'
import { CHANNELS, PRELOAD_GLOBAL, type Channel } from '../../../src-shared/ipc-channels'
import type { Patch } from '../../../src-shared/ipc-views'
import { keepPageToken, readPageToken } from './page-token'
import { wsTransport, type RawTransport } from './ws-transport'

/** What the preload exposes: one function per channel answering an envelope, and the patch subscription. */
export type PreloadApi = { [C in Channel]: (payload: unknown) => Promise<unknown> } & {
  onPatch(listener: (patch: Patch) => void): () => void
}

function preloadTransport(preload: PreloadApi): RawTransport {
  return {
    call: async (channel, payload) => {
      const envelope = (await preload[channel as Channel](payload)) as
        { ok: true; result: unknown } | { ok: false; error: ApiErrorBody }
      if (envelope.ok) return envelope.result
      throw new ApiError(envelope.error)
    },
    onPatch: (listener) => preload.onPatch(listener),
  }
}

export function apiOver(transport: RawTransport): Api {
  const api = { onPatch: transport.onPatch } as Record<string, unknown>
  for (const channel of CHANNELS) api[channel] = (request: unknown) => transport.call(channel, request ?? {})
  return api as unknown as Api
}

let current: Api | null = null
let ready: Promise<void> = Promise.resolve()

function detect(): Api {
  const preload = (window as unknown as Record<string, PreloadApi | undefined>)[PRELOAD_GLOBAL]
  // The WebSocket connects first: a fresh page's first touch of storage and history takes a while.
  const transport = preload ? preloadTransport(preload) : wsTransport(window.location, readPageToken(window))
  if (!preload) keepPageToken(window)
  ready = transport.ready ?? Promise.resolve()
  return apiOver(transport)
}

/** Settles once calls made now go out at once (serve mode: the WebSocket is open; the app: at once). */
export function apiReady(): Promise<void> {
  getApi()
  return ready
}

/** The process-wide api (created on first use). */
export function getApi(): Api {
  current ??= detect()
  return current
}

/** Tests install a fake. */
export function setApi(api: Api): void {
  current = api
}

/** A failed call's text for the user. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

/** One call of the api: `call('tasks.get', { taskId })`. */
export function call<C extends Channel>(channel: C, request: Request<C>): Promise<Response<C>> {
  return (getApi()[channel] as unknown as (r: Request<C>) => Promise<Response<C>>)(request)
}
