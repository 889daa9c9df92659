// Loads a case-analysis config: the §4 shape without `baseline` and `policy`, one round by default; the
// rest (schema, paths, evaluator templates) is checked exactly as for an A/B task.
import { CASE_ANALYSIS_DEFAULT_ROUNDS, CASE_ANALYSIS_REFUSED_KEYS } from '../../src-shared/case-analysis'
import { InputError, type Problem } from './errors'
import {
  parseTaskConfig,
  readConfigJson,
  type LoadedTaskConfig,
  type ParseConfigOptions,
} from './load-config'

export function loadCaseAnalysisConfig(
  file: string,
  opts: Omit<ParseConfigOptions, 'file'> = {},
): LoadedTaskConfig {
  const { json, dir, shown } = readConfigJson(file)
  return parseCaseAnalysisConfig(json, dir, { ...opts, file: shown })
}

export function parseCaseAnalysisConfig(
  json: unknown,
  baseDir: string,
  opts: ParseConfigOptions = {},
): LoadedTaskConfig {
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    const config = json as Record<string, unknown>
    const refused = Object.keys(CASE_ANALYSIS_REFUSED_KEYS).filter((k) => k in config)
    if (refused.length)
      throw new InputError(
        refused.map((k): Problem => ({
          file: opts.file,
          field: k,
          message: `unknown key "${k}" in a case analysis`,
          fix: CASE_ANALYSIS_REFUSED_KEYS[k],
        })),
      )
    return parseTaskConfig({ repeatRounds: CASE_ANALYSIS_DEFAULT_ROUNDS, ...config }, baseDir, opts)
  }
  return parseTaskConfig(json, baseDir, opts)
}
