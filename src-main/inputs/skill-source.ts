// Where a side's skill comes from: a folder (`path`) or a folder in a git commit (`git`). A git version is
// read into a private temp folder and then checked, hashed and copied exactly like a folder, so the same
// files hash the same wherever they come from (README "Skill versions from git").
import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { GitRef } from '../../src-shared/task-config'
import type { ConfigPaths } from './config-paths'
import { checkDatasetSealed } from './sealed-paths'
import { displayPath, InputError, type Problem, type ProblemList } from './errors'
import { readGitVersion, resolveGitVersion, shortSha, type GitVersion } from './git-version'
import { inspectSkill, type CheckedSkill } from './skill'

export type SkillSource = { kind: 'folder'; dir: string } | { kind: 'git'; version: GitVersion }

/** A task config's paths, resolved and checked (load-config.ts `parseTaskConfig`). */
export interface ResolvedPaths {
  /** The skill folder; for a git version, that folder in the repository's working copy. */
  skillPath: string
  /** Where the skill is read from: the folder, or a commit's folder (`skill.git`). */
  skill: SkillSource
  baselinePath?: string
  baseline?: SkillSource
  datasetPath: string
  /** `agent.opencodeConfig`, else `OPENCODE_CONFIG` from the environment; absent when neither is set. */
  opencodeConfigPath?: string
}

/** A config's skill or baseline: the source it names and the folder it stands for (for git, the working copy's). */
export interface ResolvedSource {
  source: SkillSource
  /** The skill folder: for a git version, that folder in the repository's working copy (never read for the skill). */
  folder: string
}

/** Resolves `<field>.path` or `<field>.git`; problems name the field. */
export function resolveSource(
  field: 'skill' | 'baseline',
  ref: { path?: string; git?: GitRef },
  paths: ConfigPaths,
  configDir: string | null,
  problems: ProblemList,
  file?: string,
): ResolvedSource {
  if (ref.git) {
    const version = resolveGitVersion(`${field}.git`, ref.git, configDir, problems, file)
    // An unresolved version stands in as a folder: the problems are thrown before anything reads it.
    if (!version) return { source: { kind: 'folder', dir: configDir ?? '' }, folder: configDir ?? '' }
    return { source: { kind: 'git', version }, folder: join(version.repo, version.path) }
  }
  const dir = paths.check(`${field}.path`, ref.path ?? '', 'folder')
  return { source: { kind: 'folder', dir }, folder: dir }
}

/** The config field that names a source (for messages): `skill.path` or `skill.git.path`. */
const sourceField = (field: 'skill' | 'baseline', source: SkillSource): string =>
  source.kind === 'git' ? `${field}.git.path` : `${field}.path`

/**
 * A folder's skill; a problem of the folder itself (not a skill: none, or several, or a file) is one of the
 * config field that names it, so a form shows it beside that field. A SKILL.md's problems keep their file.
 */
function inspectFolder(dir: string, field: string): CheckedSkill {
  try {
    return inspectSkill(dir)
  } catch (err) {
    if (!(err instanceof InputError)) throw err
    const folder = displayPath(resolve(dir))
    throw new InputError(
      err.details.map((p) => (p.field === undefined && p.file === folder ? { ...p, field } : p)),
    )
  }
}

/**
 * Checks a source's skill (inspectSkill) without writing anything to the user's files. A git version's
 * files stay in a temp folder until `releaseSource` (they are what the snapshot copies); problems name
 * the folder in the repository, and the commit beside the file: `skills/x/SKILL.md (commit abc1234)`.
 */
export function inspectSource(source: SkillSource, field: 'skill' | 'baseline' = 'skill'): CheckedSkill {
  if (source.kind === 'folder') return inspectFolder(source.dir, sourceField(field, source))
  const v = source.version
  let copy
  try {
    copy = readGitVersion(v)
  } catch (err) {
    throw new InputError({
      field: `${field}.git.path`,
      message: `${field}.git.path: ${err instanceof Error ? err.message : String(err)}`,
      fix: 'give another ref or path',
    })
  }
  try {
    return { ...inspectSkill(copy.dir), git: v, copyRoot: copy.root }
  } catch (err) {
    rmSync(copy.root, { recursive: true, force: true })
    if (!(err instanceof InputError)) throw err
    const folder = join(v.repo, v.path)
    const rename = (text: string | undefined) =>
      text?.split(copy.dir).join(folder).split(displayPath(copy.dir)).join(displayPath(folder))
    throw new InputError(
      err.details.map((p): Problem => ({
        ...p,
        file: `${rename(p.file) ?? displayPath(folder)} (commit ${shortSha(v.sha)})`,
        message: rename(p.message) ?? '',
        fix: rename(p.fix),
      })),
    )
  }
}

/** Removes a git version's temp folder (nothing for a folder). */
export function releaseSource(checked: CheckedSkill | null | undefined): void {
  if (checked?.copyRoot) rmSync(checked.copyRoot, { recursive: true, force: true })
}

/** Checks a source and hands the result to `use`; a git version's temp folder is removed afterwards. */
export function withInspected<T>(
  source: SkillSource,
  use: (checked: CheckedSkill) => T,
  field: 'skill' | 'baseline' = 'skill',
): T {
  const checked = inspectSource(source, field)
  try {
    return use(checked)
  } finally {
    releaseSource(checked)
  }
}

/** The paths (relative to the skill folder) a checked skill's snapshot keeps. */
export const keptFiles = (checked: CheckedSkill): string[] => checked.selection.files.map((f) => f.rel)

/** The answer key never reaches an agent: neither side's snapshot may copy the dataset (inputs/sealed-paths.ts). */
export function checkSourcesSealed(
  resolved: ResolvedPaths,
  dataset: Parameters<typeof checkDatasetSealed>[1],
  skill: CheckedSkill | null | undefined,
  baseline: CheckedSkill | null | undefined,
): void {
  if (skill)
    checkDatasetSealed(resolved.skillPath, dataset, sourceField('skill', resolved.skill), keptFiles(skill))
  if (resolved.baseline && resolved.baselinePath && baseline)
    checkDatasetSealed(
      resolved.baselinePath,
      dataset,
      sourceField('baseline', resolved.baseline),
      keptFiles(baseline),
    )
}
