// Resolves a `<task>` argument: a task id, or a task name when exactly one task has it.
import { UserError } from '../../src-shared/user-error'
import type { Store, TaskRow } from '../db'

/** How many known tasks an "unknown task" message lists. */
export const KNOWN_TASKS_SHOWN = 10

/** One line per task: id, name, skill and label. */
export function describeTaskRow(t: TaskRow): string {
  return `${t.id}  "${t.taskName}"  (${t.skillName} ${t.skillVersion}, ${t.status}, created ${t.createdAt})`
}

/**
 * The `not_found` error of a `<task>` that names no one task, its message listing the candidates:
 * `unknown`: no task has this id or name (`candidates` = up to 10 known tasks, `total` = how many exist).
 * `ambiguous`: several tasks share the name (same name for different skill versions): `candidates` = all of them.
 */
function taskLookupError(
  lookup: 'unknown' | 'ambiguous',
  ref: string,
  candidates: TaskRow[],
  total: number,
): UserError {
  return new UserError('not_found', lookupMessage(lookup, ref, candidates, total))
}

function lookupMessage(
  kind: 'unknown' | 'ambiguous',
  ref: string,
  candidates: TaskRow[],
  total: number,
): string {
  const lines = candidates.map((t) => `  ${describeTaskRow(t)}`)
  if (kind === 'ambiguous')
    return [
      `task name "${ref}" is ambiguous: ${candidates.length} tasks have it (one per skill version); give the task id instead:`,
      ...lines,
    ].join('\n')
  if (total === 0)
    return `no task "${ref}": there are no tasks yet (start one with \`skill-ab run <config.json>\`)`
  const more =
    total > candidates.length ? [`  … and ${total - candidates.length} more (see \`skill-ab list\`)`] : []
  return [`no task "${ref}" (neither a task id nor a task name); known tasks:`, ...lines, ...more].join('\n')
}

/**
 * The A/B task whose id is `ref`, else the one A/B task named `ref`; otherwise throws a `not_found` error
 * listing the candidates.
 * Case analyses are not A/B tasks: they are found through `skill-ab batches`.
 */
export function findTask(store: Store, ref: string): TaskRow {
  const byId = store.tasks.get(ref)
  if (byId?.kind === 'ab') return byId
  const all = store.tasks.list()
  const named = all.filter((t) => t.taskName === ref)
  if (named.length === 1) return named[0] as TaskRow
  if (named.length > 1) throw taskLookupError('ambiguous', ref, named, all.length)
  throw taskLookupError('unknown', ref, all.slice(0, KNOWN_TASKS_SHOWN), all.length)
}
