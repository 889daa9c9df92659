// Every error a user can act on, as the one user-facing type (kind, message, field issues with codes):
// the CLI prints it with its exit code and the api sends it, both from here. Anything else is a bug.
import { dirname } from 'node:path'
import { z } from 'zod'
import { fileSystemFault } from '../db'
import { formatFieldPath } from '../../src-shared/config-issues'
import { UserError, type UserErrorBody } from '../../src-shared/user-error'

/** The user-facing error of `err`, or null when it is a bug that should surface with its stack. */
export function toUserError(err: unknown): UserErrorBody | null {
  if (err instanceof UserError) return err.toBody()
  if (err instanceof z.ZodError)
    return {
      kind: 'input',
      message: `bad request: ${err.issues.map((i) => `${formatFieldPath(i.path) || '(payload)'}: ${i.message}`).join('; ')}`,
      issues: err.issues.map((i) => ({
        field: formatFieldPath(i.path),
        code: i.code === 'invalid_type' && i.input === undefined ? 'required' : 'invalid',
        message: i.message,
      })),
    }
  // A disk that is full or read-only while a file is written (the store's own faults are StoreErrors).
  return fileSystemFault(err, faultDir(err))?.toBody() ?? null
}

/** Where a file-system error happened: the folder of the file being written (copies name their `dest`). */
function faultDir(err: unknown): string {
  if (typeof err !== 'object' || err === null) return 'the data folder'
  const e = err as { dest?: unknown; path?: unknown }
  const file = typeof e.dest === 'string' ? e.dest : typeof e.path === 'string' ? e.path : null
  return file ? dirname(file) : 'the data folder'
}
