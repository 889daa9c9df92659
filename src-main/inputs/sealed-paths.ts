// The answer key of a dataset (its file; a skill-creator evals.json's folder) and the check that no skill
// snapshot would copy it to where an agent can read it.
import { realpathSync } from 'node:fs'
import { basename, dirname, relative, resolve } from 'node:path'
import { isInside } from './case-files'
import type { DatasetFormat } from './dataset'
import { displayPath, InputError } from './errors'
import { EVALS_DIR, IGNORE_FILE, selectSkillFiles } from './skill-files'
import { plural } from '../../src-shared/plural'

/**
 * The answer key no agent may see: the dataset file (expected outputs, expectations) and, for a
 * skill-creator evals.json, its folder. Absolute paths: what `answerKeyOf` gives.
 */
export interface SealedPaths {
  files: string[]
  folders: string[]
}

function real(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return resolve(path)
  }
}

/**
 * What no agent may read: the dataset file, and a skill-creator dataset's folder (its `evals/`) unless that
 * folder holds `dataDir` (the work dirs and snapshots live there, so denying it would deny them too).
 */
export function answerKeyOf(dataset: { file: string; format: DatasetFormat }, dataDir: string): SealedPaths {
  const file = real(dataset.file)
  const folder = dirname(file)
  const folders = dataset.format === 'skill-creator' && !isInside(folder, real(dataDir)) ? [folder] : []
  return { files: [file], folders }
}

/**
 * Refuses a skill folder whose snapshot would hold the dataset file, or any file of a skill-creator
 * dataset's folder inside it: the agent would find the expected outputs next to the skill. `evals/` at
 * the skill's root is always left out; anything else is left out by a `.skillabignore` line.
 */
export function checkDatasetSealed(
  skillDir: string,
  dataset: { file: string; format: DatasetFormat },
  field = 'skill.path',
  /** What the snapshot keeps, relative to the skill folder: by default the folder's own selection (a git version's differs). */
  keptFiles?: readonly string[],
): void {
  const root = real(skillDir)
  const file = real(dataset.file)
  if (!isInside(root, file)) return
  const folder = dirname(file)
  const wholeFolder = dataset.format === 'skill-creator' && folder !== root
  const relFile = relative(root, file).split('\\').join('/')
  const relFolder = relative(root, folder).split('\\').join('/')
  const kept = keptFiles ?? selectSkillFiles(root).files.map((f) => f.rel)
  const leaking = kept.filter((rel) => rel === relFile || (wholeFolder && rel.startsWith(`${relFolder}/`)))
  if (!leaking.length) return
  const line = wholeFolder ? `/${relFolder}/` : `/${relFile}`
  const what = wholeFolder
    ? `the dataset's folder ${relFolder}/ (${plural(leaking.length, 'file')}, with ${basename(file)})`
    : `the dataset file ${relFile}`
  throw new InputError({
    file: displayPath(file),
    field,
    message: `the dataset lies inside the skill folder ${displayPath(root)}, and the skill's snapshot would copy ${what}: the agent could read the expected outputs`,
    fix: `add the line "${line}" to ${displayPath(resolve(root, IGNORE_FILE))} (or keep the dataset in ${EVALS_DIR}/ at the skill's root, which is never copied, or outside the skill folder)`,
  })
}
