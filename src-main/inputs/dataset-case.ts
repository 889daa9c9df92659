// Checks the fields of one dataset case (our format or a skill-creator eval) before any file is read.
import { formatBytes, type Problem } from './errors'

/** A case whose fields are well-formed; its files are not read yet. */
export interface CheckedCase {
  id: string
  prompt: string
  /** Inline `files` (path → content), paths not yet checked. */
  inlineFiles: Record<string, string>
  /** `filesDir` as written (our format). */
  filesDir?: string
  /** `files` of a skill-creator eval: paths relative to the skill root, as written. */
  rootFiles: string[]
  expectedOutput: string | null
  expectations: string[]
  tags: string[]
}

type Located = Omit<Problem, 'message' | 'fix'>
type Check = { ok: true; value: CheckedCase } | { ok: false; problems: Problem[] }

export const CASE_KEYS = [
  'id',
  'prompt',
  'files',
  'filesDir',
  'expectedOutput',
  'expectations',
  'tags',
] as const
export const EVAL_KEYS = ['id', 'prompt', 'expected_output', 'files', 'expectations'] as const

/** Keys people write by habit, and what they mean here. */
const ALIASES: Record<string, string> = {
  expected_output: 'expectedOutput',
  expected: 'expectedOutput',
  files_dir: 'filesDir',
  filesdir: 'filesDir',
  fixtures: 'filesDir',
  input: 'prompt',
  query: 'prompt',
  expectedOutput: 'expected_output',
  assertions: 'expectations',
}

const MAX_ID_LENGTH = 200
/** What shows nothing: whitespace, control characters (BEL, ESC…) and format characters (zero-width space, bidi marks…). */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Z}]/gu
/** The largest prompt, in UTF-8 bytes: every run passes it to opencode on its command line or in a request. */
export const MAX_PROMPT_BYTES = 1024 * 1024

/** A case of a JSON Lines / JSON array dataset. */
export function checkCase(raw: unknown, at: Located): Check {
  return check(raw, at, CASE_KEYS, 'expectedOutput')
}

/** One entry of a skill-creator `evals/evals.json`. */
export function checkEval(raw: unknown, at: Located): Check {
  return check(raw, at, EVAL_KEYS, 'expected_output')
}

function check(raw: unknown, at: Located, keys: readonly string[], expectedKey: string): Check {
  const problems: Problem[] = []
  const add = (field: string | undefined, message: string, fix: string) =>
    problems.push({ ...at, field, message, fix })
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    add(
      undefined,
      `a case must be a JSON object (got ${kindOf(raw)})`,
      'write it like {"id": "c1", "prompt": "…"}',
    )
    return { ok: false, problems }
  }
  const obj = raw as Record<string, unknown>
  for (const key of Object.keys(obj)) {
    if (keys.includes(key)) continue
    const alias = ALIASES[key]
    add(
      key,
      `unknown key "${key}" in case`,
      alias && keys.includes(alias)
        ? `did you mean "${alias}"?`
        : `remove it (known keys: ${keys.join(', ')})`,
    )
  }

  let id = ''
  if (obj.id === undefined || obj.id === null)
    add('id', '"id" is missing', 'give every case a unique id (a string or a number)')
  else if (typeof obj.id === 'number' && Number.isFinite(obj.id)) id = String(obj.id)
  else if (typeof obj.id === 'string') {
    id = obj.id
    if (!id.trim()) add('id', '"id" is empty', 'give every case a unique id (a string or a number)')
    else if (id.length > MAX_ID_LENGTH || hasControlChar(id))
      add(
        'id',
        `"id" ${JSON.stringify(id.slice(0, 40))} is too long or has control characters`,
        `use a short id of at most ${MAX_ID_LENGTH} printable characters`,
      )
  } else
    add(
      'id',
      `"id" must be a string or a number (got ${kindOf(obj.id)})`,
      'write it like "id": "c1" or "id": 1',
    )

  const named = id ? ` (case "${id}")` : ''
  let prompt = ''
  if (obj.prompt === undefined || obj.prompt === null)
    add(
      'prompt',
      `"prompt" is missing${named}`,
      'every case needs a non-empty "prompt": the task given to the agent',
    )
  else if (typeof obj.prompt !== 'string')
    add(
      'prompt',
      `"prompt" must be a text${named} (got ${kindOf(obj.prompt)})`,
      'write the task for the agent as a JSON string',
    )
  else if (!obj.prompt.trim())
    add(
      'prompt',
      `"prompt" is empty${named}`,
      'every case needs a non-empty "prompt": the task given to the agent',
    )
  else if (!obj.prompt.replace(INVISIBLE, ''))
    add(
      'prompt',
      `"prompt" has no visible text${named}, only control characters and whitespace`,
      'every case needs a "prompt" a person can read: the task given to the agent',
    )
  else if (Buffer.byteLength(obj.prompt, 'utf8') > MAX_PROMPT_BYTES)
    add(
      'prompt',
      `"prompt" is ${formatBytes(Buffer.byteLength(obj.prompt, 'utf8'))}${named}, over the ${formatBytes(MAX_PROMPT_BYTES)} limit`,
      'shorten the prompt; put long material in the case\'s files ("files" or "filesDir") and refer to it',
    )
  else prompt = obj.prompt

  const inlineFiles: Record<string, string> = {}
  const rootFiles: string[] = []
  if (obj.files !== undefined && obj.files !== null) {
    if (keys === EVAL_KEYS) {
      if (!isStringArray(obj.files))
        add(
          'files',
          `"files" must be a list of paths${named}`,
          'write it like "files": ["evals/files/input.csv"] (relative to the skill folder)',
        )
      else rootFiles.push(...obj.files)
    } else if (typeof obj.files !== 'object' || Array.isArray(obj.files)) {
      add(
        'files',
        `"files" must be an object of path → content${named} (got ${kindOf(obj.files)})`,
        'write it like "files": {"src/a.py": "print(1)\\n"}, or use "filesDir"',
      )
    } else {
      for (const [path, content] of Object.entries(obj.files as Record<string, unknown>)) {
        if (typeof content === 'string') inlineFiles[path] = content
        else
          add(
            `files["${path}"]`,
            `files["${path}"] must be the file's text${named} (got ${kindOf(content)})`,
            'give the content as a JSON string, or put the file under "filesDir"',
          )
      }
    }
  }

  let filesDir: string | undefined
  if (obj.filesDir !== undefined && obj.filesDir !== null) {
    if (typeof obj.filesDir === 'string' && obj.filesDir.trim()) filesDir = obj.filesDir
    else
      add(
        'filesDir',
        `"filesDir" must be a folder path${named} (got ${kindOf(obj.filesDir)})`,
        'write it like "filesDir": "./fixtures/c1" (relative to the dataset file)',
      )
  }

  let expectedOutput: string | null = null
  const expected = obj[expectedKey]
  if (expected !== undefined && expected !== null) {
    if (typeof expected === 'string') expectedOutput = expected
    else
      add(
        expectedKey,
        `"${expectedKey}" must be a text or null${named} (got ${kindOf(expected)})`,
        'describe the expected result as a JSON string',
      )
  }

  const list = (key: string): string[] => {
    const v = obj[key]
    if (v === undefined || v === null) return []
    if (isStringArray(v)) return v
    add(key, `"${key}" must be a list of texts${named}`, `write it like "${key}": ["…", "…"]`)
    return []
  }
  const expectations = list('expectations')
  const tags = keys.includes('tags') ? list('tags') : []

  if (problems.length) return { ok: false, problems }
  return {
    ok: true,
    value: { id, prompt, inlineFiles, filesDir, rootFiles, expectedOutput, expectations, tags },
  }
}

function hasControlChar(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string')
}

function kindOf(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'a list'
  if (typeof v === 'object') return 'an object'
  if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`
  if (typeof v === 'number' && !Number.isFinite(v)) return `the number ${v}`
  return `${typeof v} ${JSON.stringify(v)}`
}
