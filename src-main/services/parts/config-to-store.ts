// The config a task stores, written once when it is made with absolute paths (README "The config"; read back by
// src-shared/stored-config.ts), and the skill folders those paths name, which each side's sandbox hides.
import { join } from 'node:path'
import type { SideSandbox } from '../../agent/isolation/sandbox-policy'
import type { GitVersion } from '../../inputs/git-version'
import type { LoadedTaskConfig } from '../../inputs/load-config'
import type { StoredConfig } from '../../../src-shared/stored-config'
import type { TaskConfig } from '../../../src-shared/task-config'

/**
 * The config as stored with the task: defaults filled in, paths absolute (a resume may start elsewhere), a
 * git version with its repository's top folder and the commit it resolved to.
 */
export function configToStore(
  config: TaskConfig,
  resolved: LoadedTaskConfig['resolved'],
  skillGit: GitVersion | undefined,
  baselineGit: GitVersion | undefined,
): TaskConfig {
  const source = (git: GitVersion | undefined, folder: string | undefined) =>
    git
      ? {
          git: {
            repo: git.repo,
            ref: git.ref,
            path: git.path || '.',
            commit: { sha: git.sha, subject: git.subject },
          },
        }
      : { path: folder }
  return {
    ...config,
    skill: { ...source(skillGit, resolved.skillPath), ...labelOf(config.skill) },
    baseline:
      config.baseline.kind === 'skill'
        ? { kind: 'skill', ...source(baselineGit, resolved.baselinePath), ...labelOf(config.baseline) }
        : config.baseline,
    dataset: { path: resolved.datasetPath },
    agent: {
      ...config.agent,
      ...(config.agent.opencodeConfig ? { opencodeConfig: resolved.opencodeConfigPath } : {}),
    },
  }
}

const labelOf = (ref: { label?: string }) => (ref.label === undefined ? {} : { label: ref.label })

/**
 * The folders the task's skills are kept in, as the stored config names them (absolute): a git version's is
 * that folder in the repository's working copy. The sandbox hides them: an agent sees only its snapshot.
 */
export function skillFoldersOf(config: Pick<StoredConfig, 'skill' | 'baseline'>): string[] {
  const folderOf = (ref: { path?: string; git?: { repo: string; path: string } } | undefined): string[] =>
    ref?.path ? [ref.path] : ref?.git ? [join(ref.git.repo, ref.git.path)] : []
  return [...folderOf(config.skill), ...(config.baseline.kind === 'skill' ? folderOf(config.baseline) : [])]
}

/** A side's `sandbox`: the task's `agent.sandbox` and what it hides (the skills' folders, the config file). */
export function sideSandboxOf(config: TaskConfig, configFile?: string): SideSandbox {
  return {
    mode: config.agent.sandbox,
    hidden: [...skillFoldersOf(config), ...(configFile ? [configFile] : [])],
  }
}
