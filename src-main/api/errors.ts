// Errors → the envelope's `ApiErrorBody` (what the renderer shows); bugs keep their message and are logged.
import { z } from 'zod'
import { StoreError } from '../db'
import { IsolationError } from '../engine/execute-runs'
import { InputError } from '../inputs/errors'
import { ResumeConflictError, TaskBusyError } from '../services/errors'
import { WriteError } from '../services/export-task'
import { TaskLookupError } from '../services/find-task'
import { formatFieldPath } from '../../src-shared/task-config'
import type { ApiErrorBody } from '../../src-shared/ipc'
import { JobBusyError } from './jobs'

/** A refusal a handler raises itself (unknown run, wrong state …). */
export class ApiRefusal extends Error {
  override name = 'ApiRefusal'
  constructor(
    readonly kind: ApiErrorBody['kind'],
    message: string,
  ) {
    super(message)
  }
}

export function toApiError(err: unknown): ApiErrorBody {
  if (err instanceof ApiRefusal) return { kind: err.kind, message: err.message }
  if (err instanceof InputError)
    return {
      kind: 'input',
      message: err.message,
      issues: err.details.map((p) => ({
        field: p.field ?? p.file ?? '',
        message: p.message,
        ...(p.fix ? { fix: p.fix } : {}),
      })),
    }
  if (err instanceof z.ZodError)
    return {
      kind: 'input',
      message: `bad request: ${err.issues.map((i) => `${formatFieldPath(i.path) || '(payload)'}: ${i.message}`).join('; ')}`,
      issues: err.issues.map((i) => ({ field: formatFieldPath(i.path), message: i.message })),
    }
  if (err instanceof TaskBusyError || err instanceof JobBusyError)
    return { kind: 'busy', message: err.message }
  if (err instanceof ResumeConflictError) return { kind: 'conflict', message: err.message }
  if (err instanceof TaskLookupError) return { kind: 'not_found', message: err.message }
  if (err instanceof StoreError)
    return { kind: err.code === 'not_found' ? 'not_found' : 'internal', message: err.message }
  if (err instanceof IsolationError || err instanceof WriteError)
    return { kind: 'input', message: err.message }
  return { kind: 'internal', message: err instanceof Error ? err.message : String(err) }
}
