// Loads an A/B task config file: JSON syntax, schema, then every referenced path checked.
import { dirname, resolve } from 'node:path'
import { configIssues } from '../../src-shared/config-issues'
import { depthProblem } from '../../src-shared/json-depth'
import { TASK_KNOWN_KEYS, taskConfigSchema } from '../../src-shared/task-config'
import type { TaskConfig } from '../../src-shared/task-config'
import { templateProblems, templateVariables } from './template'
import { configWarnings } from './config-warnings'
import { displayPath, InputError, ProblemList } from './errors'
import { deepFreeze } from './freeze'
import type { Problem } from './errors'
import { parseJsonText } from './json-text'
import { readTextFile } from './text-file'
import { configPaths } from './config-paths'
import { resolveSource, type ResolvedPaths } from './skill-source'
import { checkPairwiseConfig } from './pairwise-config'

export interface LoadedTaskConfig {
  /** Validated, defaults filled in, frozen. Paths in it are as written; use `resolved` to open them. */
  config: TaskConfig
  /** The folder config paths resolve against (the config file's folder); null for a config set up in the app. */
  configDir: string | null
  /** Absolute paths, each checked to exist with the right type. */
  resolved: ResolvedPaths
  /** The config file read (absolute); absent for a config set up in the app. The sandbox hides it from agents. */
  configFile?: string
  /** Things worth saying that do not stop the task (e.g. the judge shares the agent's model): the messages of `configWarnings`. */
  warnings: string[]
}

export interface ParseConfigOptions {
  /** The config file, for messages (the UI passes none). */
  file?: string
  /** Where `OPENCODE_CONFIG` is read from; `process.env` by default. */
  env?: NodeJS.ProcessEnv
}

const JSON_FIX = 'fix the JSON syntax (a config is plain JSON: no comments, no trailing commas)'

/** The largest task config file read. */
export const MAX_CONFIG_BYTES = 10 * 1024 * 1024

/** Reads a config file as JSON: `json`, the file's folder and its name for messages. Throws InputError. */
export function readConfigJson(file: string): { json: unknown; dir: string; shown: string } {
  const abs = resolve(file)
  const shown = displayPath(abs)
  const text = readTextFile(abs, {
    shown,
    what: 'config file',
    maxBytes: MAX_CONFIG_BYTES,
    fix: `check the path (resolved against the current folder: ${abs}); give the path of the config JSON file`,
  })
  return { json: parseJsonText(text, shown, JSON_FIX), dir: dirname(abs), shown }
}

/**
 * Refuses a config nested deeper than any config is (before the schema walks it: a file or a request nested
 * 100 000 levels deep would overflow the stack), naming the field it starts under.
 */
export function refuseDeepConfig(json: unknown, file: string | undefined): void {
  const deep = depthProblem(json)
  if (deep)
    throw new InputError({
      file,
      field: deep.field,
      message: deep.message,
      fix: 'a config is a few levels deep: remove the extra nesting',
    })
}

/** Reads, parses and validates a task config file; throws InputError listing every problem. */
export function loadTaskConfig(file: string, opts: Omit<ParseConfigOptions, 'file'> = {}): LoadedTaskConfig {
  const { json, dir, shown } = readConfigJson(file)
  refuseRoundsConflict(json, shown)
  return { ...parseTaskConfig(json, dir, { ...opts, file: shown }), configFile: resolve(file) }
}

/**
 * `repeatRounds` written beside `adaptiveRounds`: adaptive rounds decide, and the written repeatRounds would
 * be ignored (while counted by what reads the config). Read from the file as written: a stored config or the
 * form's carries repeatRounds' default beside adaptiveRounds, which conflicts with nothing.
 */
function refuseRoundsConflict(json: unknown, file: string): void {
  if (!json || typeof json !== 'object') return
  if (!Object.hasOwn(json, 'repeatRounds') || !Object.hasOwn(json, 'adaptiveRounds')) return
  throw new InputError({
    file,
    field: 'repeatRounds',
    message:
      "repeatRounds: given beside adaptiveRounds, which decides every case's rounds (from min to max per side), so repeatRounds would be ignored",
    fix: 'drop "repeatRounds" (or drop "adaptiveRounds" for a fixed number of rounds)',
  })
}

/**
 * Validates an already parsed config and checks its paths against `baseDir` — null for a config that has
 * no file (set up in the app): its relative paths are refused.
 */
export function parseTaskConfig(
  json: unknown,
  baseDir: string | null,
  opts: ParseConfigOptions = {},
): LoadedTaskConfig {
  const { file } = opts
  const env = opts.env ?? process.env
  const configDir = baseDir === null ? null : resolve(baseDir)
  refuseDeepConfig(json, file)
  const parsed = taskConfigSchema.safeParse(json, { reportInput: true })
  if (!parsed.success) {
    throw new InputError(
      configIssues(parsed.error, TASK_KNOWN_KEYS).map((i): Problem => ({
        file,
        field: i.field,
        code: i.code,
        message: i.message,
        fix: i.fix,
      })),
    )
  }
  const config = parsed.data
  const problems = new ProblemList()
  const paths = configPaths(file, configDir, problems)
  const skill = resolveSource('skill', config.skill, paths, configDir, problems, file)
  const resolved: ResolvedPaths = {
    skillPath: skill.folder,
    skill: skill.source,
    datasetPath: paths.check('dataset.path', config.dataset.path, 'file'),
  }
  if (config.baseline.kind === 'skill') {
    const baseline = resolveSource('baseline', config.baseline, paths, configDir, problems, file)
    resolved.baselinePath = baseline.folder
    resolved.baseline = baseline.source
  }
  const opencodeConfigPath = paths.opencodeConfig(config.agent.opencodeConfig, env)
  if (opencodeConfigPath) resolved.opencodeConfigPath = opencodeConfigPath
  checkTemplates(config, file, problems)
  checkPairwiseConfig(config, file, problems)
  problems.throwIfAny()
  const warnings = configWarnings(config).map((w) => w.message)
  return { config: deepFreeze(config), configDir, resolved, warnings }
}

/**
 * Inline LLM and expectations evaluators: an unknown `{{variable}}` is refused (an LLM template using none is
 * a warning); an expectations template must show the judge `{{expectations}}`.
 */
function checkTemplates(config: TaskConfig, file: string | undefined, problems: ProblemList): void {
  config.evaluators.forEach((ref, i) => {
    if ((ref.kind !== 'llm' && ref.kind !== 'expectations') || ref.prompt === undefined) return
    const field = `evaluators[${i}].prompt`
    for (const problem of templateProblems(ref.prompt))
      problems.add({ file, field, message: `${field}: ${problem}` })
    if (ref.kind === 'expectations' && !templateVariables(ref.prompt).includes('expectations'))
      problems.add({
        file,
        field,
        message: `${field}: an expectations evaluator's prompt must show the judge {{expectations}} (numbered, one verdict each)`,
        fix: 'add {{expectations}} to the prompt, or leave "prompt" out to use the preset\'s',
      })
  })
}
