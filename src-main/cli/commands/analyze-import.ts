// `skill-ab analyze --import …`: the flags → the import config (validated by the shared schema, problems
// named by their flag).
import { basename, resolve } from 'node:path'
import { importAnalysisSchema, type ImportAnalysisConfig } from '../../../src-shared/case-analysis'
import { configIssues } from '../../../src-shared/config-issues'
import { TASK_KNOWN_KEYS } from '../../../src-shared/task-config'
import { InputError, type Problem } from '../../inputs/errors'

const FLAG_OF: Record<string, string> = {
  name: '--name',
  'traces.dataDir': '--import',
  'traces.sessions': '--sessions',
  'judge.model': '--judge-model',
  evaluators: '--evaluators',
}

function flagOf(field: string): string {
  const key = Object.keys(FLAG_OF).find(
    (k) => field === k || field.startsWith(`${k}[`) || field.startsWith(`${k}.`),
  )
  return key ? (FLAG_OF[key] as string) : field
}

const csv = (v: string | boolean | undefined): string[] | undefined =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined

/** A new analysis per call unless `--name` says which one to resume. */
export function defaultImportName(dataDir: string, now = new Date()): string {
  return `import of ${basename(resolve(dataDir))} at ${now.toISOString().replace(/\.\d+Z$/, 'Z')}`
}

export function importConfigFromFlags(
  flags: Record<string, string | boolean | undefined>,
  cwd: string,
): ImportAnalysisConfig {
  const dataDir = flags.import as string
  const sessions = csv(flags.sessions)
  const evaluators = csv(flags.evaluators)
  const input = {
    name: typeof flags.name === 'string' ? flags.name : defaultImportName(dataDir),
    traces: { dataDir: resolve(cwd, dataDir), ...(sessions ? { sessions } : {}) },
    judge: { model: flags['judge-model'] },
    ...(evaluators ? { evaluators: evaluators.map((id) => ({ id })) } : {}),
  }
  const parsed = importAnalysisSchema.safeParse(input, { reportInput: true })
  if (parsed.success) return parsed.data
  throw new InputError(
    configIssues(parsed.error, TASK_KNOWN_KEYS).map((i): Problem => {
      const flag = flagOf(i.field)
      return {
        field: flag,
        message: i.message.replace(i.field, flag),
        fix:
          flag === '--judge-model'
            ? 'give the judge as provider/model, e.g. --judge-model anthropic/claude-sonnet-4'
            : i.fix,
      }
    }),
  )
}
