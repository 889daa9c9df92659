// Errors a user can act on: shown as one clear message with exit code 2; the rest are bugs.
import { dirname } from 'node:path'
import { fileSystemFault, StoreError } from '../db'
import { IsolationError } from '../engine/execute-runs'
import { InputError } from '../inputs/errors'
import { ResumeConflictError, TaskBusyError } from '../services/errors'
import { WriteError } from '../services/export-task'
import { TaskLookupError } from '../services/find-task'

const USER_ERRORS = [
  InputError,
  StoreError,
  ResumeConflictError,
  TaskBusyError,
  IsolationError,
  TaskLookupError,
  WriteError,
]

/** The message for a user-facing error, or null when `err` is a bug that should surface with its stack. */
export function userErrorMessage(err: unknown): string | null {
  const fault = err instanceof StoreError ? null : fileSystemFault(err, faultDir(err))
  if (fault) return fault.message
  if (!(err instanceof Error) || !USER_ERRORS.some((E) => err instanceof E)) return null
  if (err instanceof IsolationError)
    return `the pre-flight check failed, nothing was run:\n${err.message}\n(Each side must know the model and see exactly its own skill; \`skill-ab doctor <config>\` checks this.)`
  return err.message
}

/** Where a file-system error happened: the folder of the file being written (copies name their `dest`). */
function faultDir(err: unknown): string {
  if (typeof err !== 'object' || err === null) return 'the data folder'
  const e = err as { dest?: unknown; path?: unknown }
  const file = typeof e.dest === 'string' ? e.dest : typeof e.path === 'string' ? e.path : null
  return file ? dirname(file) : 'the data folder'
}
