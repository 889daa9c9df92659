// A failed api call, as it crosses the wire and as the renderer throws it. No zod here: the renderer
// bundle imports this, not the channel schemas.

/** A failed call as it crosses the wire: what went wrong, and the fields for a form when known. */
export interface ApiErrorBody {
  kind: 'input' | 'busy' | 'not_found' | 'conflict' | 'internal'
  message: string
  issues?: { field: string; message: string; fix?: string }[]
}

export type Envelope<T> = { ok: true; result: T } | { ok: false; error: ApiErrorBody }

/** Thrown by the renderer's `api` for a failed call. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(readonly body: ApiErrorBody) {
    super(body.message)
  }
}
