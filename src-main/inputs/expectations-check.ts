// An expectations evaluator needs expectations: a task using one on cases without any is refused before
// anything runs (README "Evaluators"), instead of failing those runs' evaluations one by one.
import { EXPECTATIONS_PRESET_IDS } from '../../src-shared/evaluator-ids'
import type { TaskConfig } from '../../src-shared/task-config'
import type { DatasetCase } from './dataset'
import { InputError } from './errors'

/** Throws when an expectations evaluator is listed and some selected case has no expectation. */
export function checkExpectationsCases(
  config: Pick<TaskConfig, 'evaluators'>,
  cases: readonly Pick<DatasetCase, 'id' | 'expectations'>[],
): void {
  const i = config.evaluators.findIndex(
    (e) => e.kind === 'expectations' || (e.kind === undefined && EXPECTATIONS_PRESET_IDS.includes(e.id)),
  )
  if (i < 0) return
  const bare = cases.filter((c) => !c.expectations.some((e) => e.trim() !== '')).map((c) => `"${c.id}"`)
  if (!bare.length) return
  const listed =
    bare.length > 8 ? `${bare.slice(0, 8).join(', ')}, … (${bare.length} in all)` : bare.join(', ')
  throw new InputError({
    field: `evaluators[${i}]`,
    message: `evaluators[${i}]: evaluator "${config.evaluators[i]?.id}" checks each case's expectations, and case${bare.length > 1 ? 's' : ''} ${listed} ha${bare.length > 1 ? 've' : 's'} none`,
    fix: 'add "expectations" to those cases, leave them out with "cases", or remove the evaluator',
  })
}
