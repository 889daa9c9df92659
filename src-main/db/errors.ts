// Typed errors of the store: callers (CLI exit 2, UI messages) switch on `code`, never on message text.
import { UserError, type UserErrorKind } from '../../src-shared/user-error'
import type { RunStatus } from '../../src-shared/run-state'

export type StoreErrorCode =
  | 'not_writable' // the data dir cannot be created or written
  | 'not_a_database' // the file is damaged, empty, a folder, not SQLite, or another program's database
  | 'disk_full' // SQLITE_FULL / ENOSPC / EDQUOT: the write was rolled back, saved data is intact
  | 'io_error' // SQLITE_IOERR / EIO: the disk failed a read or write
  | 'newer_schema' // written by a newer Skill A/B
  | 'migration_diverged' // the recorded migration history differs from this build's list
  | 'duplicate_task' // a task with this identity exists
  | 'forbidden_transition' // the run state machine forbids the change
  | 'not_found'

export class StoreError extends UserError {
  override readonly name: string = 'StoreError'
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(storeErrorKind(code), message, [], options)
  }
}

function storeErrorKind(code: StoreErrorCode): UserErrorKind {
  if (code === 'not_found') return 'not_found'
  if (code === 'duplicate_task' || code === 'forbidden_transition') return 'conflict'
  return 'storage'
}

export interface TaskIdentity {
  skillName: string
  skillVersion: string
  taskName: string
}

/** A task with the same (skill name, skill version, task name) exists (invariant 5). */
export function duplicateTask(identity: TaskIdentity): StoreError {
  return new StoreError(
    'duplicate_task',
    `an A/B task named "${identity.taskName}" already exists for skill "${identity.skillName}" ` +
      `version "${identity.skillVersion}": resume it, or choose another task name or version label`,
  )
}

/** The state machine (docs/run-states.md) does not allow this change; a programming error, never a race. */
export function forbiddenTransition(
  runId: string,
  from: RunStatus,
  to: RunStatus,
  detail?: string,
): StoreError {
  return new StoreError(
    'forbidden_transition',
    `run ${runId}: ${from} → ${to} is not allowed${detail ? ` (${detail})` : ''}`,
  )
}
