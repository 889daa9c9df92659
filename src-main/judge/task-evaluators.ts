// A task's evaluators, read from its stored config (the config's default when it lists none), by what
// they judge: the pointwise ones score each run (a run's row score, its corrections and the judge's
// agreement with them are theirs); the pairwise one compares the two runs of a case and round, and scores
// no run.
import type { TaskRow } from '../db'
import { readStoredConfig } from '../../src-shared/stored-config'
import { pairwiseEvaluators, pointwiseEvaluators, resolveEvaluators, type EvaluatorSpec } from './evaluators'

function allEvaluatorsOf(task: Pick<TaskRow, 'configJson'>): EvaluatorSpec[] {
  return resolveEvaluators(readStoredConfig(task.configJson).evaluators)
}

/** The evaluators that score each run (llm, command), in config order; never the pairwise one. */
export function pointwiseEvaluatorsOf(task: Pick<TaskRow, 'configJson'>): EvaluatorSpec[] {
  return pointwiseEvaluators(allEvaluatorsOf(task))
}

/** The evaluator that compares a case's two runs, or null when the task has none (the config allows one). */
export function pairwiseEvaluatorOf(task: Pick<TaskRow, 'configJson'>): EvaluatorSpec | null {
  return pairwiseEvaluators(allEvaluatorsOf(task))[0] ?? null
}
