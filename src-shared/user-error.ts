// The one error type a user sees, from the CLI (text + exit code) and the app (the api's error body): what
// kind of failure, a message saying what to do, and per-field issues whose `code` a form switches on (never
// the message text). Pure: the renderer imports it too.

/**
 * input: the config, a payload or a file is wrong (fix it) · busy: another job or process holds the task ·
 * not_found: no such task or run · conflict: the task exists and this config cannot resume it ·
 * storage: the data folder or a file could not be read or written · internal: a bug (never a user error).
 */
export const USER_ERROR_KINDS = ['input', 'busy', 'not_found', 'conflict', 'storage', 'internal'] as const
export type UserErrorKind = (typeof USER_ERROR_KINDS)[number]

/**
 * required: missing or empty · unknown_key: a key the config does not know · path: a file or folder that
 * is not there (or not of the right kind) · invalid: any other wrong value.
 */
export const ISSUE_CODES = ['required', 'unknown_key', 'path', 'invalid'] as const
export type IssueCode = (typeof ISSUE_CODES)[number]

/** One problem with one field (`evaluators[0].id`; '' when it is not about a field). */
export interface FieldIssue {
  field: string
  code: IssueCode
  message: string
  fix?: string
}

/** A user-facing error as data: what the api sends and the CLI prints. */
export interface UserErrorBody {
  kind: UserErrorKind
  message: string
  issues?: FieldIssue[]
}

/** Base of every error a user can act on; its kind decides the CLI's exit code and the app's handling. */
export class UserError extends Error {
  override name = 'UserError'
  constructor(
    readonly kind: UserErrorKind,
    message: string,
    readonly issues: readonly FieldIssue[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }

  toBody(): UserErrorBody {
    return {
      kind: this.kind,
      message: this.message,
      ...(this.issues.length ? { issues: this.issues.map((i) => ({ ...i })) } : {}),
    }
  }
}
