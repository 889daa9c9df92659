// Loads a dataset: JSON Lines, a JSON array, or a skill-creator evals.json, all or nothing.
import { existsSync, realpathSync, statSync } from 'node:fs'
import { basename, dirname, extname, join, resolve } from 'node:path'
import { caseContentHash } from './case-hash'
import { readCaseFiles } from './case-files'
import { checkCase, checkEval } from './dataset-case'
import { displayPath, InputError, ProblemList } from './errors'
import { deepFreeze } from './freeze'
import { arrayItems, jsonLinesItems, type JsonItem } from './json-items'
import { tryParseJson } from './json-text'
import type { CaseFiles } from '../../src-shared/case-file'
import { readTextFile } from './text-file'

export type DatasetFormat = 'jsonl' | 'json' | 'skill-creator'

export interface DatasetCase {
  id: string
  /** The task given to the agent. */
  prompt: string
  /** Workspace files: rel POSIX path → text or bytes, from inline `files`, `filesDir` and evals.json `files`. */
  files: CaseFiles
  expectedOutput: string | null
  expectations: string[]
  tags: string[]
  /** `sha256:<hex>` of the case's canonical JSON incl. file contents (tags excluded: they are labels). */
  contentHash: string
}

export interface LoadedDataset {
  format: DatasetFormat
  /** In file order; frozen. */
  cases: DatasetCase[]
  /** The dataset file, absolute. */
  file: string
  /** `skill_name` of a skill-creator evals.json. */
  skillName?: string
}

export interface LoadDatasetOptions {
  /** The skill root that evals.json `files` resolve against; default: the folder holding `evals/`. */
  skillRoot?: string
}

export const MAX_DATASET_BYTES = 100 * 1024 * 1024

const LINE_FIX = 'fix the line or remove it'
const EVALS_SHAPE = '{"skill_name": "…", "evals": [{"id": 1, "prompt": "…"}]}'

/** Reads and validates every case of a dataset file; throws one InputError listing every problem. */
export function loadDataset(file: string, opts: LoadDatasetOptions = {}): LoadedDataset {
  const abs = resolve(file)
  const shown = displayPath(abs)
  const text = readDatasetText(abs, shown)
  const problems = new ProblemList()
  const items: JsonItem[] = []
  const ext = extname(abs).toLowerCase()
  let format: DatasetFormat
  let skillName: string | undefined

  const sniffJson = ext === '.json' || (ext !== '.jsonl' && ext !== '.ndjson' && /^\s*\[/.test(text))
  const whole = sniffJson || (ext !== '.jsonl' && ext !== '.ndjson') ? tryParseJson(text) : undefined
  const isEvals =
    whole?.ok === true && isObject(whole.value) && ('evals' in whole.value || 'skill_name' in whole.value)
  if (sniffJson || isEvals) {
    if (!whole?.ok) {
      const { line, column, reason } = whole ?? { line: 1, column: 1, reason: 'unreadable' }
      const jsonl = /after the end of the JSON value/.test(reason) && column === 1
      throw new InputError({
        file: shown,
        line,
        column,
        message: `malformed JSON (${reason})`,
        fix: jsonl
          ? 'this looks like JSON Lines (one case per line): name the file .jsonl'
          : 'fix the JSON syntax',
      })
    }
    if (Array.isArray(whole.value)) {
      format = 'json'
      items.push(...arrayItems(text, whole.value, []))
    } else if (isEvals) {
      format = 'skill-creator'
      skillName = readEvalsHeader(whole.value as Record<string, unknown>, shown, problems)
      const evals = (whole.value as { evals?: unknown }).evals
      if (Array.isArray(evals)) items.push(...arrayItems(text, evals, ['evals']))
    } else {
      throw new InputError({
        file: shown,
        line: 1,
        message: 'a .json dataset must be a JSON array of cases or a skill-creator evals.json',
        fix: `write [{"id": "c1", "prompt": "…"}, …] or ${EVALS_SHAPE}; for one case per line name the file .jsonl`,
      })
    }
  } else {
    format = 'jsonl'
    items.push(...jsonLinesItems(text, shown, problems, LINE_FIX))
  }

  const datasetDir = dirname(abs)
  const skillRoot = resolve(
    opts.skillRoot ?? (basename(datasetDir) === 'evals' ? dirname(datasetDir) : datasetDir),
  )
  const datasetFile = realpathSync(abs)
  const firstLine = new Map<string, number>()
  const cases: DatasetCase[] = []
  for (const { raw, line } of items) {
    const at = { file: shown, line }
    const checked = format === 'skill-creator' ? checkEval(raw, at) : checkCase(raw, at)
    if (!checked.ok) {
      checked.problems.forEach((p) => problems.add(p))
      continue
    }
    const c = checked.value
    const before = firstLine.get(c.id)
    if (before !== undefined) {
      problems.add({
        ...at,
        field: 'id',
        message: `duplicate case id "${c.id}" (also on line ${before})`,
        fix: 'give each case its own id',
      })
      continue
    }
    firstLine.set(c.id, line)
    const files = readCaseFiles(c, { datasetDir, skillRoot, datasetFile }, at)
    if (!files.ok) {
      files.problems.forEach((p) => problems.add(p))
      continue
    }
    const { id, prompt, expectedOutput, expectations, tags } = c
    const body = { id, prompt, files: files.files, expectedOutput, expectations }
    cases.push({ ...body, tags, contentHash: caseContentHash(body) })
  }
  problems.throwIfAny()
  if (!cases.length)
    throw new InputError({
      file: shown,
      message: 'the dataset has no cases',
      fix:
        format === 'skill-creator'
          ? `add entries to "evals": ${EVALS_SHAPE}`
          : format === 'json'
            ? 'add cases to the array: [{"id": "c1", "prompt": "…"}]'
            : 'add one case per line: {"id": "c1", "prompt": "…"}',
    })
  return deepFreeze({ format, cases, file: abs, ...(skillName !== undefined ? { skillName } : {}) })
}

/** The cases `ids` names, in that order; all cases when `ids` is absent. Unknown or repeated ids are refused. */
export function selectCases(
  cases: readonly DatasetCase[],
  ids?: readonly string[],
  opts: { datasetFile?: string; configFile?: string } = {},
): DatasetCase[] {
  if (!ids) return [...cases]
  const byId = new Map(cases.map((c) => [c.id, c]))
  const problems = new ProblemList()
  const seen = new Set<string>()
  const known = cases.map((c) => c.id)
  const listed =
    known.length > 12 ? `${known.slice(0, 12).join(', ')}, … (${known.length} in all)` : known.join(', ')
  const where = opts.datasetFile ? ` in ${displayPath(opts.datasetFile)}` : ' in the dataset'
  const picked: DatasetCase[] = []
  ids.forEach((id, i) => {
    const field = `cases[${i}]`
    const c = byId.get(id)
    if (seen.has(id))
      problems.add({
        file: opts.configFile,
        field,
        message: `${field}: case "${id}" is listed twice`,
        fix: 'list each case once',
      })
    else if (!c)
      problems.add({
        file: opts.configFile,
        field,
        message: `${field}: unknown case id "${id}" (no such case${where})`,
        fix: `use one of: ${listed}`,
      })
    else picked.push(c)
    seen.add(id)
  })
  problems.throwIfAny()
  return picked
}

function readEvalsHeader(
  obj: Record<string, unknown>,
  file: string,
  problems: ProblemList,
): string | undefined {
  for (const key of Object.keys(obj))
    if (key !== 'skill_name' && key !== 'evals')
      problems.add({
        file,
        field: key,
        message: `unknown key "${key}" in evals.json`,
        fix: `remove it (an evals.json is ${EVALS_SHAPE})`,
      })
  if (!Array.isArray(obj.evals))
    problems.add({
      file,
      field: 'evals',
      message: '"evals" must be a list of cases',
      fix: `write ${EVALS_SHAPE}`,
    })
  if (obj.skill_name !== undefined && typeof obj.skill_name !== 'string')
    problems.add({
      file,
      field: 'skill_name',
      message: '"skill_name" must be a text',
      fix: "give the skill's name",
    })
  return typeof obj.skill_name === 'string' ? obj.skill_name : undefined
}

function readDatasetText(abs: string, shown: string): string {
  let folder = false
  try {
    folder = statSync(abs).isDirectory()
  } catch {
    // Missing or unreadable: readTextFile says which.
  }
  if (folder) {
    const evals = existsSync(join(abs, 'evals', 'evals.json')) ? join(abs, 'evals', 'evals.json') : undefined
    throw new InputError({
      file: shown,
      message: 'the dataset is a folder',
      fix: evals ? `point at the file inside it: ${displayPath(evals)}` : 'point at a .jsonl or .json file',
    })
  }
  return readTextFile(abs, {
    shown,
    what: 'dataset file',
    maxBytes: MAX_DATASET_BYTES,
    fix: `check dataset.path (looked for ${abs})`,
  })
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
