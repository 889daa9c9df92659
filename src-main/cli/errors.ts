// The CLI's side of the one user-facing error (services/user-errors): its text and exit code 2.
import { toUserError } from '../services/user-errors'
import type { UserErrorBody } from '../../src-shared/user-error'
import { EXIT } from './command'

/** The exit code of a user-facing error: bad input, a busy or conflicting task, storage, all 2. */
export function exitCodeOf(_error: UserErrorBody): number {
  return EXIT.error
}

/** The message for a user-facing error, or null when `err` is a bug that should surface with its stack. */
export function userErrorMessage(err: unknown): string | null {
  return toUserError(err)?.message ?? null
}
