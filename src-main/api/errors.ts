// The api's side of the one user-facing error (services/user-errors): the envelope's error body the
// renderer gets. A bug keeps its message as kind `internal` (and is logged).
import { toUserError } from '../services/user-errors'
import type { ApiErrorBody } from '../../src-shared/ipc'
import { UserError, type UserErrorKind } from '../../src-shared/user-error'

/** A refusal a handler raises itself (unknown run, wrong state …). */
export class ApiRefusal extends UserError {
  override name = 'ApiRefusal'
  constructor(kind: UserErrorKind, message: string) {
    super(kind, message)
  }
}

export function toApiError(err: unknown): ApiErrorBody {
  return toUserError(err) ?? { kind: 'internal', message: err instanceof Error ? err.message : String(err) }
}
