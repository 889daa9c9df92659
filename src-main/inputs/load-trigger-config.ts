// Loads a trigger evaluation config file (docs/triggers.md): JSON syntax, schema, then every path checked.
import { resolve } from 'node:path'
import { configIssues } from '../../src-shared/config-issues'
import { TRIGGER_KNOWN_KEYS, triggerConfigSchema, type TriggerConfig } from '../../src-shared/trigger-config'
import { configPaths } from './config-paths'
import { InputError, ProblemList } from './errors'
import { deepFreeze } from './freeze'
import { readConfigJson, refuseDeepConfig } from './load-config'

export interface LoadedTriggerConfig {
  /** Validated, defaults filled in, frozen. */
  config: TriggerConfig
  resolved: {
    skillPath: string
    comparePath?: string
    setPath: string
    competingPath?: string
    opencodeConfigPath?: string
  }
}

export function loadTriggerConfig(file: string, opts: { env?: NodeJS.ProcessEnv } = {}): LoadedTriggerConfig {
  const { json, dir, shown } = readConfigJson(file)
  return parseTriggerConfig(json, dir, { file: shown, env: opts.env })
}

/** `baseDir`: the config file's folder, or null for one set up in the app (its paths must be absolute). */
export function parseTriggerConfig(
  json: unknown,
  baseDir: string | null,
  opts: { file?: string; env?: NodeJS.ProcessEnv } = {},
): LoadedTriggerConfig {
  const { file } = opts
  refuseDeepConfig(json, file)
  const parsed = triggerConfigSchema.safeParse(json, { reportInput: true })
  if (!parsed.success)
    throw new InputError(configIssues(parsed.error, TRIGGER_KNOWN_KEYS).map((i) => ({ file, ...i })))
  const config = parsed.data
  const problems = new ProblemList()
  const paths = configPaths(file, baseDir === null ? null : resolve(baseDir), problems)
  const resolved: LoadedTriggerConfig['resolved'] = {
    skillPath: paths.check('skill.path', config.skill.path, 'folder'),
    setPath: paths.check('triggerSet.path', config.triggerSet.path, 'file'),
  }
  if (config.compareWith)
    resolved.comparePath = paths.check('compareWith.path', config.compareWith.path, 'folder')
  if (config.competingSkills)
    resolved.competingPath = paths.check('competingSkills.path', config.competingSkills.path, 'folder')
  const opencodeConfigPath = paths.opencodeConfig(config.agent.opencodeConfig, opts.env ?? process.env)
  if (opencodeConfigPath) resolved.opencodeConfigPath = opencodeConfigPath
  problems.throwIfAny()
  return { config: deepFreeze(config), resolved }
}
