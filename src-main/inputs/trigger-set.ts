// Loads a trigger set (docs/triggers.md): queries with shouldTrigger, as JSON Lines, a JSON array, or
// skill-creator's trigger eval files as they are ([{query, should_trigger}] or {evals: [{prompt, should_trigger}]}).
import { extname, resolve } from 'node:path'
import type { TriggerQuery } from '../../src-shared/trigger-eval'
import { displayPath, InputError, ProblemList, type Problem } from './errors'
import { deepFreeze } from './freeze'
import { arrayItems, jsonLinesItems, type JsonItem } from './json-items'
import { tryParseJson } from './json-text'
import { readTextFile } from './text-file'

export interface LoadedTriggerSet {
  /** The set's file, absolute. */
  file: string
  /** In file order; frozen. */
  queries: TriggerQuery[]
}

export const MAX_TRIGGER_SET_BYTES = 10 * 1024 * 1024
const SHAPE = '{"query": "…", "shouldTrigger": true}'

/** Reads and checks every query of a trigger set; throws one InputError listing every problem. */
export function loadTriggerSet(file: string): LoadedTriggerSet {
  const abs = resolve(file)
  const shown = displayPath(abs)
  const text = readTextFile(abs, {
    shown,
    what: 'trigger set',
    maxBytes: MAX_TRIGGER_SET_BYTES,
    fix: `check the trigger set's path (looked for ${abs})`,
  })
  const problems = new ProblemList()
  const queries: TriggerQuery[] = []
  const firstLine = new Map<string, number>()
  readItems(text, abs, shown, problems).forEach(({ raw, line }, i) => {
    const q = checkQuery(raw, i, { file: shown, line }, problems)
    if (!q) return
    const before = firstLine.get(q.id)
    if (before !== undefined)
      return problems.add({
        file: shown,
        line,
        field: 'id',
        message: `duplicate query id "${q.id}" (also on line ${before})`,
        fix: 'give each query its own id',
      })
    firstLine.set(q.id, line)
    queries.push(q)
  })
  problems.throwIfAny()
  if (!queries.length)
    throw new InputError({
      file: shown,
      message: 'the trigger set has no queries',
      fix: `add queries: ${SHAPE}`,
    })
  return deepFreeze({ file: abs, queries })
}

function readItems(text: string, abs: string, shown: string, problems: ProblemList): JsonItem[] {
  const ext = extname(abs).toLowerCase()
  const lines = () => jsonLinesItems(text, shown, problems, 'fix the line or remove it')
  if (ext === '.jsonl' || ext === '.ndjson') return lines()
  const whole = tryParseJson(text)
  if (whole.ok && Array.isArray(whole.value)) return arrayItems(text, whole.value, [])
  const evals = whole.ok ? (whole.value as { evals?: unknown } | null)?.evals : undefined
  if (Array.isArray(evals)) return arrayItems(text, evals, ['evals'])
  // Not a whole array: one query per line, unless the file says it is JSON.
  if (ext !== '.json') return lines()
  if (!whole.ok)
    throw new InputError({
      file: shown,
      line: whole.line,
      column: whole.column,
      message: `malformed JSON (${whole.reason})`,
      fix: /after the end of the JSON value/.test(whole.reason)
        ? 'this looks like JSON Lines (one query per line): name the file .jsonl'
        : 'fix the JSON syntax',
    })
  throw new InputError({
    file: shown,
    line: 1,
    message: 'a .json trigger set must be a JSON array of queries or {"evals": [...]}',
    fix: `write [${SHAPE}, …]; for one query per line name the file .jsonl`,
  })
}

function checkQuery(
  raw: unknown,
  index: number,
  at: { file: string; line: number },
  problems: ProblemList,
): TriggerQuery | null {
  const bad = (p: Omit<Problem, 'file' | 'line'>): null => (problems.add({ ...at, ...p }), null)
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return bad({ message: 'a query must be an object', fix: `write ${SHAPE}` })
  const o = raw as Record<string, unknown>
  const textKey = 'query' in o ? 'query' : 'prompt' in o ? 'prompt' : null
  const flagKey = 'shouldTrigger' in o ? 'shouldTrigger' : 'should_trigger' in o ? 'should_trigger' : null
  const text = textKey ? o[textKey] : undefined
  if (typeof text !== 'string' || !text.trim())
    return bad({
      field: textKey ?? 'query',
      code: textKey ? 'invalid' : 'required',
      message: textKey ? `"${textKey}" must be a non-empty text` : '"query" is missing',
      fix: `write ${SHAPE}`,
    })
  const flag = flagKey ? o[flagKey] : undefined
  if (typeof flag !== 'boolean')
    return bad({
      field: flagKey ?? 'shouldTrigger',
      code: flagKey ? 'invalid' : 'required',
      message: flagKey
        ? `"${flagKey}" must be true or false (got ${JSON.stringify(flag)})`
        : '"shouldTrigger" is missing: say whether the skill should be used for this query',
      fix: `write ${SHAPE}`,
    })
  const id = o.id
  if (id !== undefined && !(typeof id === 'number' || (typeof id === 'string' && id.trim())))
    return bad({ field: 'id', message: '"id" must be a text or a number', fix: 'fix the id or leave it out' })
  return { id: id === undefined ? String(index + 1) : String(id).trim(), query: text, shouldTrigger: flag }
}
