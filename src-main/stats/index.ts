// The stats module's public surface: the decision and its input types.
export { decide, MIN_COVERAGE } from './decide'
export type { DecideOptions, ExperimentRun, PairwiseOutcome } from './types'
