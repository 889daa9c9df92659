// The stats module's public surface: the decision and its input type.
export { decide, MIN_COVERAGE } from './decide'
export type { DecideOptions, ExperimentRun } from './types'
