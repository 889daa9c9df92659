// What the decision and the export read from a task's stored config; tolerant of a partial config (older
// rows, tests).
import { configWarnings } from '../inputs/config-warnings'
import type { DecisionWarning } from '../../src-shared/decision'
import { adaptiveRoundsSchema, policySchema, type Policy } from '../../src-shared/task-config'
import type { AdaptiveRounds } from '../stats/adaptive-rounds'

export interface ConfigView {
  config: Record<string, unknown>
  /** The most rounds a case may get: adaptiveRounds.max, else config.repeatRounds when it is a whole number ≥ 1. */
  rounds: number | null
  /** config.adaptiveRounds when valid; null: fixed rounds. */
  adaptive: AdaptiveRounds | null
  policy: Policy
  agentModel: string | null
  judgeModel: string | null
  /** The config check's warnings on the stored config (they join the decision's warnings). */
  warnings: DecisionWarning[]
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null)

export function readConfig(configJson: string): ConfigView {
  let parsed: unknown
  try {
    parsed = JSON.parse(configJson)
  } catch {
    parsed = {}
  }
  const config = record(parsed)
  const rounds = config.repeatRounds
  const adaptive = adaptiveRoundsSchema.safeParse(config.adaptiveRounds)
  const policy = policySchema.safeParse(record(config.policy))
  const agentModel = text(record(config.agent).model)
  const explicitJudge = text(record(config.judge).model)
  const evaluators = Array.isArray(config.evaluators) ? config.evaluators.map(record) : []
  return {
    config,
    rounds: adaptive.success
      ? adaptive.data.max
      : typeof rounds === 'number' && Number.isInteger(rounds) && rounds >= 1
        ? rounds
        : null,
    adaptive: adaptive.success ? adaptive.data : null,
    policy: policy.success ? policy.data : policySchema.parse({}),
    agentModel,
    judgeModel: explicitJudge ?? agentModel,
    warnings: agentModel
      ? configWarnings({
          agent: { model: agentModel },
          judge: { model: explicitJudge ?? undefined },
          evaluators: evaluators.map((e) => ({
            kind: text(e.kind) ?? undefined,
            prompt: text(e.prompt) ?? undefined,
          })),
        })
      : [],
  }
}

/** The task's own opencode config (stored as an absolute path), when it named one. */
export function opencodeConfigOf(config: Record<string, unknown>): string | undefined {
  return text(record(config.agent).opencodeConfig) ?? undefined
}
