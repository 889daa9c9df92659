// Loads a case-analysis config: the A/B task config's shape without `baseline` and `policy`, one round by default; the
// rest (schema, paths, evaluator templates) is checked exactly as for an A/B task.
import { CASE_ANALYSIS_DEFAULT_ROUNDS, CASE_ANALYSIS_REFUSED_KEYS } from '../../src-shared/case-analysis'
import { InputError, type Problem } from './errors'
import {
  parseTaskConfig,
  readConfigJson,
  type LoadedTaskConfig,
  type ParseConfigOptions,
} from './load-config'
import { isPairwiseRef } from './pairwise-config'

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
    const loaded = parseTaskConfig({ repeatRounds: CASE_ANALYSIS_DEFAULT_ROUNDS, ...config }, baseDir, opts)
    refusePairwise(loaded, opts.file)
    return loaded
  }
  return parseTaskConfig(json, baseDir, opts)
}

/** A case analysis has one side: a pairwise evaluator would have nothing to compare. */
function refusePairwise(loaded: LoadedTaskConfig, file: string | undefined): void {
  const problems = loaded.config.evaluators.flatMap((ref, i): Problem[] =>
    isPairwiseRef(ref)
      ? [
          {
            file,
            field: `evaluators[${i}]`,
            message: `evaluators[${i}]: "${ref.id}" compares two sides, and a case analysis has one`,
            fix: 'remove it, or compare the skill against a baseline in an A/B task',
          },
        ]
      : [],
  )
  if (problems.length) throw new InputError(problems)
}
