// Case analysis configs: one skill judged on a dataset without a comparison (the A/B task config's
// shape without `baseline`, `policy` and `adaptiveRounds`), or existing opencode sessions judged as they are (an import).
import { z } from 'zod'
import { EXPECTATIONS_PRESET_IDS } from './evaluator-ids'
import { evaluatorList, intIn, judgeSchema, modelName } from './task-config'
import { nonEmpty, pathText, printableName } from './config-text'

/** A/B task config keys a case analysis refuses, with what to do instead. */
export const CASE_ANALYSIS_REFUSED_KEYS: Record<string, string> = {
  baseline:
    'a case analysis judges one skill without a comparison: remove "baseline" (use `skill-ab run` to compare)',
  policy:
    'a case analysis gives scores, not a pass/reject verdict: remove "policy" (use `skill-ab run` for a decision)',
  adaptiveRounds:
    'adaptive rounds settle an A/B verdict, and a case analysis has none: remove "adaptiveRounds" and give "repeatRounds"',
}

/** A case analysis runs one round per case unless it says otherwise (an A/B task defaults to 3). */
export const CASE_ANALYSIS_DEFAULT_ROUNDS = 1

/** Judging sessions imported from an opencode data dir. Field names map to the CLI flags in the usage. */
export const importAnalysisSchema = z.strictObject({
  name: printableName,
  traces: z.strictObject({
    /** The folder holding `opencode.db` (e.g. ~/.local/share/opencode), its parent, or the file itself. */
    dataDir: pathText,
    /** Only these session ids; all top-level sessions when absent. */
    sessions: z
      .array(nonEmpty)
      .min(1, 'must list at least one session id (or leave it out for all)')
      .optional(),
  }),
  judge: judgeSchema.extend({ model: modelName }),
  /** Wall-clock limit of one judge attempt, seconds. */
  timeoutSec: intIn(5, 86_400).default(600),
  evaluators: evaluatorList
    .refine(
      (list) =>
        !list.some(
          (e) =>
            e.kind === 'expectations' || (e.kind === undefined && EXPECTATIONS_PRESET_IDS.includes(e.id)),
        ),
      {
        message: `an expectations evaluator checks a case's expectations, and imported sessions have none: pick another evaluator`,
      },
    )
    .default([{ id: 'preset-agent-task-completion', weight: 1 }]),
})

export type ImportAnalysisInput = z.input<typeof importAnalysisSchema>
export type ImportAnalysisConfig = z.output<typeof importAnalysisSchema>
