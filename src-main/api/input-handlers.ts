// What the setup form needs before a task exists: a folder browser (the same in Electron and a browser),
// a skill's name and hash, a dataset's cases for the picker, and the whole config checked with its paths.
import { readdirSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { loadDataset } from '../inputs/dataset'
import { relativePathProblem, resolvePath } from '../inputs/config-paths'
import { parseTaskConfig } from '../inputs/load-config'
import { setupWarnings } from '../services/setup-warnings'
import { listGitVersions } from '../inputs/git-versions'
import { inspectSkill } from '../inputs/skill'
import type {
  DatasetPreview,
  FolderListing,
  GitVersionList,
  SkillPreview,
  ValidationResult,
} from '../../src-shared/ipc-views'
import type { AppContext } from '../services/app-context'
import { checkTask } from '../services/prepare-task'
import { taskConfigSchema } from '../../src-shared/task-config'
import { UserError, type FieldIssue } from '../../src-shared/user-error'
import { formatProblem, InputError } from '../inputs/errors'
import { pathTextProblem } from '../../src-shared/config-text'

/** Where the folder browser starts: the user's home. */
export function uiBaseDir(env: NodeJS.ProcessEnv): string {
  return env.HOME || homedir()
}

/**
 * A path a request names, absolute (`~/…` is in the home folder): a config set up in the app has no file, so
 * a relative path has nothing to be relative to and is refused, as one no path can be.
 */
export function requestPath(field: string, raw: string): string {
  const nul = pathTextProblem(raw)
  if (nul) throw new UserError('input', `${field}: ${nul}`)
  const abs = resolvePath(null, raw)
  if (abs !== null) return abs
  const { message, fix } = relativePathProblem(raw)
  throw new UserError('input', `${field}: ${message}: ${fix}`)
}

export const MAX_LISTED = 2000

/** The names in folder `dir`: a path that is no folder is bad input, one that cannot be read is not found. */
function folderNames(dir: string): string[] {
  const cannotOpen = (err: unknown) =>
    new UserError('not_found', `cannot open ${dir} (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  let isFolder: boolean
  try {
    isFolder = statSync(dir).isDirectory()
  } catch (err) {
    throw cannotOpen(err)
  }
  if (!isFolder) throw new UserError('input', `${dir} is not a folder`)
  try {
    return readdirSync(dir)
  } catch (err) {
    throw cannotOpen(err)
  }
}

export function listFolder(path: string | undefined, env: NodeJS.ProcessEnv): FolderListing {
  const dir = path === undefined ? uiBaseDir(env) : requestPath('path', path)
  const names = folderNames(dir)
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

export function previewSkill(path: string): SkillPreview {
  const info = inspectSkill(requestPath('path', path))
  return { name: info.name, description: info.description, contentHash: info.contentHash }
}

export function gitVersionsOf(path: string): GitVersionList {
  return listGitVersions(requestPath('path', path))
}

export function previewDataset(path: string, skillPath: string | undefined): DatasetPreview {
  const dataset = loadDataset(
    requestPath('path', path),
    skillPath ? { skillRoot: requestPath('skillPath', skillPath) } : {},
  )
  return {
    format: dataset.format,
    cases: dataset.cases.map((c) => ({ id: c.id, prompt: c.prompt.slice(0, 300), tags: [...c.tags] })),
  }
}

/**
 * Every problem of a config as form issues, found by what `run` checks before it writes anything: the
 * schema, paths and templates, then the skills (read as opencode reads them), the dataset and its cases,
 * the answer key's seal and a resume of the task it names; then whether opencode knows its models (what
 * every run's pre-flight would refuse). Never throws for bad input.
 */
export async function validateConfig(
  config: unknown,
  ctx: Pick<AppContext, 'env' | 'store' | 'modelProblems'>,
): Promise<ValidationResult> {
  try {
    const loaded = parseTaskConfig(config, null, { env: ctx.env })
    checkTask(ctx.store, loaded).release()
    const models = await ctx.modelProblems(loaded.config, loaded.resolved.opencodeConfigPath)
    return {
      issues: models.map((p) => ({ ...p, code: 'invalid' })),
      warnings: setupWarnings(loaded, ctx.env),
    }
  } catch (err) {
    if (!(err instanceof UserError)) throw err
    return { issues: formIssues(err), warnings: [] }
  }
}

/** The config's own fields: a form shows an issue of one of them beside it. */
const CONFIG_FIELDS = Object.keys(taskConfigSchema.shape)

/**
 * The issues a form can place: one of a config field keeps its field, any other (of a dataset line, a
 * SKILL.md: a case's "prompt" is no field of the form, and would hide it) is general; a file's issue names
 * the file and line in its message.
 */
function formIssues(err: UserError): FieldIssue[] {
  if (!(err instanceof InputError))
    return err.issues.length
      ? err.issues.map((i) => ({ ...i }))
      : [{ field: '', code: 'invalid', message: err.message }]
  return err.details.map((p): FieldIssue => {
    const top = (p.field ?? '').split(/[.[]/)[0] ?? ''
    // A general issue is shown as one banner: its message says what to do too.
    if (!CONFIG_FIELDS.includes(top))
      return { field: '', code: p.code ?? 'invalid', message: formatProblem(p) }
    const message = p.file === undefined ? p.message : formatProblem({ ...p, fix: undefined })
    return { field: p.field ?? '', code: p.code ?? 'invalid', message, ...(p.fix ? { fix: p.fix } : {}) }
  })
}
