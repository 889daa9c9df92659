// The config rules of the pairwise judge: at most one pairwise evaluator, never only pairwise ones (runs
// are scored by pointwise evaluators), `policy.primary: "pairwise"` only with one, and an inline pairwise
// template that shows both responses and uses no unknown variable.
import type { TaskConfig } from '../../src-shared/task-config'
import { PAIRWISE_PRESET_IDS } from '../../src-shared/evaluator-ids'
import { PAIRWISE_TEMPLATE_VARIABLES, templateProblems, templateVariables } from './template'
import type { ProblemList } from './errors'

const PRESET = PAIRWISE_PRESET_IDS[0] ?? 'preset-pairwise-outcome'

export function isPairwiseRef(ref: TaskConfig['evaluators'][number]): boolean {
  return ref.kind === 'pairwise' || (ref.kind === undefined && PAIRWISE_PRESET_IDS.includes(ref.id))
}

export function checkPairwiseConfig(
  config: TaskConfig,
  file: string | undefined,
  problems: ProblemList,
): void {
  const pairwise = config.evaluators.flatMap((ref, i) => (isPairwiseRef(ref) ? [i] : []))
  for (const i of pairwise.slice(1))
    problems.add({
      file,
      field: `evaluators[${i}]`,
      message: `evaluators[${i}]: a second pairwise evaluator ("${config.evaluators[i]?.id}")`,
      fix: 'a task has at most one (its comparisons give the pairwise verdict): remove all but one',
    })
  if (pairwise.length > 0 && pairwise.length === config.evaluators.length)
    problems.add({
      file,
      field: 'evaluators',
      message: 'evaluators: every evaluator is pairwise, so no run would get a score',
      fix: 'add a pointwise evaluator, e.g. {"id": "preset-agent-task-completion"}: runs are scored by it and the pairwise judge compares them',
    })
  if (config.policy.primary === 'pairwise' && pairwise.length === 0)
    problems.add({
      file,
      field: 'policy.primary',
      message: 'policy.primary is "pairwise" but no evaluator is pairwise',
      fix: `add {"id": "${PRESET}"} to "evaluators", or set policy.primary to "pointwise"`,
    })
  config.evaluators.forEach((ref, i) => {
    if (ref.kind !== 'pairwise') return
    const field = `evaluators[${i}].prompt`
    for (const problem of templateProblems(ref.prompt, PAIRWISE_TEMPLATE_VARIABLES))
      problems.add({ file, field, message: `${field}: ${problem}` })
    const used = templateVariables(ref.prompt, PAIRWISE_TEMPLATE_VARIABLES)
    const missing = (['response_1', 'response_2'] as const).filter((v) => !used.includes(v))
    if (missing.length)
      problems.add({
        file,
        field,
        message: `${field}: a pairwise template must show both responses; ${missing.map((v) => `{{${v}}}`).join(' and ')} missing`,
        fix: 'add {{response_1}} and {{response_2}} (and best {{prompt}}, {{expected_output}}, {{expectations}})',
      })
  })
}
