// Whether a task's source folders changed since it was made: its skill folder, its baseline skill and the
// cases of its dataset file, compared with what the task stored. Only said to the user (a new version is a
// new task); a stored task always continues from what it stored, never from these folders.
import type { Store, TaskRow } from '../db'
import { loadDataset } from '../inputs/dataset'
import { join } from 'node:path'
import { ProblemList } from '../inputs/errors'
import { movedRef, resolveGitVersion } from '../inputs/git-version'
import { withInspected, type SkillSource } from '../inputs/skill-source'
import { readStoredConfig, wholeConfig } from '../../src-shared/stored-config'
import type { GitRef } from '../../src-shared/task-config'
import { fingerprintOf, resumeConflicts } from './parts/resume-check'
import { liveHashFor } from './parts/task-identity'

/** One sentence per change, naming the config field (empty: the sources are as the task stored them). */
export function sourceChanges(store: Store, task: TaskRow): string[] {
  if (task.kind !== 'ab') return []
  const config = wholeConfig(readStoredConfig(task.configJson))
  if (!config) return []
  const out: string[] = []
  const stored = store.skillVersions.get(task.skillVersionBId)
  const storedBaseline = task.skillVersionAId ? store.skillVersions.get(task.skillVersionAId) : null
  // A git version is read where its ref points now: a ref that moved is a changed source.
  const live = (field: 'skill' | 'baseline', ref: SkillRef) => {
    const source = liveSource(field, ref, out)
    if (!source) return null
    try {
      return withInspected(source, (checked) => checked, field)
    } catch (err) {
      out.push(`${field}: ${describeSource(ref)} can no longer be read as a skill (${firstLine(err)})`)
      return null
    }
  }
  const skill = live('skill', config.skill)
  const baseline =
    config.baseline.kind === 'skill' && storedBaseline ? live('baseline', config.baseline) : null
  const storedCases: Record<string, string> = {}
  for (const run of store.runs.listByTask(task.id)) storedCases[run.caseKey] = run.caseHash
  let liveCases: Record<string, string> = storedCases
  try {
    const skillRoot = config.skill.git
      ? join(config.skill.git.repo, config.skill.git.path)
      : config.skill.path
    const dataset = loadDataset(config.dataset.path, { skillRoot })
    liveCases = Object.fromEntries(dataset.cases.map((c) => [c.id, c.contentHash]))
  } catch (err) {
    out.push(`dataset.path: ${config.dataset.path} can no longer be read (${firstLine(err)})`)
  }
  const storedHash = stored?.contentHash ?? ''
  const storedBaselineHash = storedBaseline?.contentHash ?? null
  const conflicts = resumeConflicts(
    fingerprintOf(config, storedHash, storedBaselineHash, storedCases),
    fingerprintOf(
      config,
      skill ? liveHashFor(stored, skill) : storedHash,
      baseline ? liveHashFor(storedBaseline, baseline) : storedBaselineHash,
      liveCases,
    ),
  )
  return [...out, ...conflicts]
}

type SkillRef = { path?: string; git?: GitRef }

const describeSource = (ref: SkillRef): string =>
  ref.git ? `${ref.git.repo} ${ref.git.ref}:${ref.git.path}` : (ref.path ?? '')

/** The source a stored skill ref names now (its git ref resolved afresh); says so in `out` when it moved. */
function liveSource(field: 'skill' | 'baseline', ref: SkillRef, out: string[]): SkillSource | null {
  if (!ref.git) return { kind: 'folder', dir: ref.path ?? '' }
  const problems = new ProblemList()
  const { commit: _pinned, ...given } = ref.git
  const version = resolveGitVersion(`${field}.git`, given, ref.git.repo, problems)
  if (!version) {
    out.push(`${problems.items[0]?.message ?? `${field}.git: cannot be read`}`)
    return null
  }
  const moved = movedRef(field, ref.git, version)
  if (moved) out.push(moved)
  return { kind: 'git', version }
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? ''
}
