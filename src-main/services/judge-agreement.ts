// Judge agreement from corrections: every human correction is a label for the judge's score of the same
// execution and evaluator. Across all tasks (the Evaluations screen) or one task (its export).
import { judgeAgreement } from '../stats/judge-agreement'
import type { JudgeAgreement } from '../../src-shared/export'
import type { AppContext } from './app-context'

/** Per evaluator that has a correction anywhere: how far its judge is from your corrections. */
export function judgeAgreementOverall(ctx: Pick<AppContext, 'store'>): JudgeAgreement[] {
  return judgeAgreement(ctx.store.corrections.labels())
}
