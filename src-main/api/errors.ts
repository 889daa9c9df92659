// The api's side of the one user-facing error (services/user-errors): the envelope's error body the
// renderer gets. A bug keeps its message as kind `internal` (and is logged).
import { toUserError } from '../services/user-errors'
import type { ApiErrorBody } from '../../src-shared/ipc'

export function toApiError(err: unknown): ApiErrorBody {
  return toUserError(err) ?? { kind: 'internal', message: err instanceof Error ? err.message : String(err) }
}
