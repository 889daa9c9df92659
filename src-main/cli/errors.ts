// The CLI's side of the one user-facing error (services/user-errors): its text (a command prints it and
// exits with EXIT.error, 2, whatever the kind).
import { toUserError } from '../services/user-errors'

/** The message for a user-facing error, or null when `err` is a bug that should surface with its stack. */
export function userErrorMessage(err: unknown): string | null {
  return toUserError(err)?.message ?? null
}
