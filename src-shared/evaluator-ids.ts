// The preset evaluators' ids, without the config schema (the renderer's setup form lists them).
export const PRESET_EVALUATOR_IDS = [
  'preset-agent-task-completion',
  'preset-agent-trace-quality',
  'preset-pairwise-outcome',
  'preset-expectations',
] as const

/** Presets that compare a case's two sides instead of scoring a run: opt-in, never in the default list. */
export const PAIRWISE_PRESET_IDS: readonly string[] = ['preset-pairwise-outcome']

/** Presets that check each of a case's expectations (kind `expectations`): they need cases with expectations. */
export const EXPECTATIONS_PRESET_IDS: readonly string[] = ['preset-expectations']
