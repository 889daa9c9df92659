// A task's identity (skill name, skill label, task name) across content-hash recipes: tasks made before
// recipe 2 keep resuming, without a false "skill changed".
import type { SkillVersionRow, Store, TaskRow } from '../../db'
import type { SkillSnapshot } from '../../inputs/skill'
import type { TaskConfig } from '../../../src-shared/task-config'

type SkillHashes = Pick<SkillSnapshot, 'name' | 'label' | 'contentHash' | 'recipe1Hash'>

const labelOf = (hash: string): string => hash.slice('sha256:'.length, 'sha256:'.length + 8)

/**
 * The task a config names: its name with its skill's name and label (`skill` is the config's skill read now,
 * labelled as the config says). With the default label (the hash's first 8 hex digits), a task made before
 * recipe 2 carries the label of the recipe-1 hash (every file, `evals/` included): it is found too, when
 * its skill version was recorded by recipe 1.
 */
export function findTaskOf(
  store: Store,
  config: { name: string; skill: Pick<TaskConfig['skill'], 'label'> },
  skill: SkillHashes,
): TaskRow | null {
  const identity = { skillName: skill.name, skillVersion: skill.label, taskName: config.name }
  const found = store.tasks.findByIdentity(identity)
  const labelGiven = config.skill.label !== undefined
  if (found || labelGiven || skill.recipe1Hash === skill.contentHash) return found
  const older = store.tasks.findByIdentity({ ...identity, skillVersion: labelOf(skill.recipe1Hash) })
  if (!older) return null
  return store.skillVersions.get(older.skillVersionBId)?.hashRecipe === 1 ? older : null
}

/**
 * The live folder's hash to compare with a stored skill version: by the stored row's recipe. A recipe-1
 * row also matches the current hash when they are equal (nothing was left out, and the kept files are
 * the same), so adding `evals/` to an old skill is no change either.
 */
export function liveHashFor(
  stored: SkillVersionRow | null,
  live: Pick<SkillHashes, 'contentHash' | 'recipe1Hash'>,
): string {
  if (stored?.hashRecipe !== 1 || stored.contentHash === live.contentHash) return live.contentHash
  return live.recipe1Hash
}
