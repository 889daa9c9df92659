// What the setup form needs before a task exists: a folder browser (the same in Electron and a browser),
// a skill's name and hash, a dataset's cases for the picker, and the whole config checked with its paths.
import { readdirSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { loadDataset } from '../inputs/dataset'
import { parseTaskConfig } from '../inputs/load-config'
import { listGitVersions } from '../inputs/git-versions'
import { inspectSkill } from '../inputs/skill'
import type {
  DatasetPreview,
  FolderListing,
  GitVersionList,
  SkillPreview,
  ValidationResult,
} from '../../src-shared/ipc-views'
import type { Store } from '../db'
import { checkTask } from '../services/prepare-task'
import { UserError } from '../../src-shared/user-error'
import { ApiRefusal } from './errors'

/** Where relative paths in a config typed in the UI resolve: the user's home. */
export function uiBaseDir(env: NodeJS.ProcessEnv): string {
  return env.HOME || homedir()
}

export const MAX_LISTED = 2000

export function listFolder(path: string | undefined, env: NodeJS.ProcessEnv): FolderListing {
  const dir = resolve(uiBaseDir(env), path ?? '.')
  let names: string[]
  try {
    if (!statSync(dir).isDirectory()) throw new ApiRefusal('input', `${dir} is not a folder`)
    names = readdirSync(dir)
  } catch (err) {
    if (err instanceof ApiRefusal) throw err
    throw new ApiRefusal(
      'not_found',
      `cannot open ${dir} (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
    )
  }
  const entries = names
    .filter((n) => !n.startsWith('.'))
    .slice(0, MAX_LISTED)
    .map((name) => {
      const full = join(dir, name)
      let kind: 'dir' | 'file' = 'file'
      try {
        kind = statSync(full).isDirectory() ? 'dir' : 'file'
      } catch {
        // a dangling link lists as a file
      }
      return { name, path: full, kind }
    })
    .sort((x, y) => (x.kind === y.kind ? x.name.localeCompare(y.name) : x.kind === 'dir' ? -1 : 1))
  return { path: dir, parent: dirname(dir) === dir ? null : dirname(dir), entries }
}

export function previewSkill(path: string, env: NodeJS.ProcessEnv): SkillPreview {
  const dir = resolve(uiBaseDir(env), path)
  const info = inspectSkill(dir)
  return { name: info.name, description: info.description, contentHash: info.contentHash }
}

export function gitVersionsOf(path: string, env: NodeJS.ProcessEnv): GitVersionList {
  return listGitVersions(resolve(uiBaseDir(env), path))
}

export function previewDataset(
  path: string,
  skillPath: string | undefined,
  env: NodeJS.ProcessEnv,
): DatasetPreview {
  const base = uiBaseDir(env)
  const dataset = loadDataset(resolve(base, path), skillPath ? { skillRoot: resolve(base, skillPath) } : {})
  return {
    format: dataset.format,
    cases: dataset.cases.map((c) => ({ id: c.id, prompt: c.prompt.slice(0, 300), tags: [...c.tags] })),
  }
}

/**
 * Every problem of a config as form issues, found by what `run` checks before it writes anything: the
 * schema, paths and templates, then the skills (read as opencode reads them), the dataset and its cases,
 * the answer key's seal and a resume of the task it names. Never throws for bad input.
 */
export function validateConfig(config: unknown, env: NodeJS.ProcessEnv, store: Store): ValidationResult {
  try {
    const loaded = parseTaskConfig(config, uiBaseDir(env), { env })
    checkTask(store, loaded).release()
    return { issues: [], warnings: loaded.warnings }
  } catch (err) {
    if (!(err instanceof UserError)) throw err
    const issues = err.issues.length
      ? err.issues
      : [{ field: '', code: 'invalid' as const, message: err.message }]
    return { issues: issues.map((i) => ({ ...i })), warnings: [] }
  }
}
