// The trigger evaluation config (docs/triggers.md): one JSON shape for the CLI and the Triggers screen.
import { z } from 'zod'
import type { KnownKeys } from './config-issues'
import { agentSchema, intIn, numberIn, skillFolderSchema } from './task-config'
import { pathText, printableName } from './config-text'

export const triggerConfigSchema = z.strictObject({
  name: printableName,
  /** The description under test (version b). */
  skill: skillFolderSchema,
  /** Description A/B: the version b is compared against (version a), on the same set. */
  compareWith: skillFolderSchema.optional(),
  /** Queries with shouldTrigger: JSON Lines, a JSON array, or skill-creator's trigger eval file. */
  triggerSet: z.strictObject({ path: pathText }),
  /** A folder of skill folders the agent also sees, as a real agent chooses among many. */
  competingSkills: z.strictObject({ path: pathText }).optional(),
  rounds: intIn(1, 20).default(3),
  /** Model turns a probe may take without a skill call. */
  maxSteps: intIn(1, 20).default(4),
  agent: agentSchema,
  alpha: numberIn(0, 1, true, true).default(0.05),
})

export type TriggerConfigInput = z.input<typeof triggerConfigSchema>
export type TriggerConfig = z.output<typeof triggerConfigSchema>

/** The keys each object of a trigger config knows (for "did you mean" suggestions). */
export const TRIGGER_KNOWN_KEYS: KnownKeys = {
  '': Object.keys(triggerConfigSchema.shape),
  skill: Object.keys(skillFolderSchema.shape),
  compareWith: Object.keys(skillFolderSchema.shape),
  triggerSet: ['path'],
  competingSkills: ['path'],
  agent: Object.keys(agentSchema.shape),
}
