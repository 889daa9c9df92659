// The preset evaluators' ids, without the config schema (the renderer's setup form lists them).
export const PRESET_EVALUATOR_IDS = ['preset-agent-task-completion', 'preset-agent-trace-quality'] as const
