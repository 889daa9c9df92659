// A failed api call, as it crosses the wire and as the renderer throws it. No zod here: the renderer
// bundle imports this, not the channel schemas.
import type { UserErrorBody } from './user-error'

/** A failed call as it crosses the wire: the user-facing error (kind, message, field issues with codes). */
export type ApiErrorBody = UserErrorBody

export type Envelope<T> = { ok: true; result: T } | { ok: false; error: ApiErrorBody }

/** Thrown by the renderer's `api` for a failed call. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(readonly body: ApiErrorBody) {
    super(body.message)
  }
}
