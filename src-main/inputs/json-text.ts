// JSON text helpers: parse with the line/column of a syntax error, and find the line of array elements.
import { InputError } from './errors'
import { blankIgnorable, mayOverflow, scanJson } from './json-syntax'

export interface JsonSyntaxError {
  /** The parser's reason without its position suffix. */
  reason: string
  line: number
  column: number
}

/** Strips a leading UTF-8 byte order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/** 1-based line and column of a character offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: Math.max(1, offset - lineStart + 1) }
}

/** Parses JSON; on a syntax error (or a number too large for a double) returns where it is instead of throwing. */
export function tryParseJson(text: string): { ok: true; value: unknown } | ({ ok: false } & JsonSyntaxError) {
  let value: unknown
  try {
    value = JSON.parse(text) as unknown
  } catch (err) {
    return { ok: false, ...locateError(text, err instanceof Error ? err.message : String(err)) }
  }
  const huge = mayOverflow(text) ? scanJson(text).problem : null
  if (huge?.tooLarge) return { ok: false, reason: huge.reason, ...lineColumnAt(text, huge.offset) }
  return { ok: true, value }
}

/**
 * Parses JSON with comments and trailing commas (JSONC, as opencode reads its config); on a syntax
 * error returns where it is. Nothing is repaired: what opencode would refuse is refused here.
 */
export function tryParseJsonc(
  text: string,
): { ok: true; value: unknown } | ({ ok: false } & JsonSyntaxError) {
  const scan = scanJson(text, { jsonc: true })
  if (scan.problem)
    return { ok: false, reason: scan.problem.reason, ...lineColumnAt(text, scan.problem.offset) }
  return tryParseJson(blankIgnorable(text, scan.ignorable))
}

/**
 * The position and reason of a JSON.parse failure. The built-in parser names a position for some errors
 * only ("Unexpected token '/', … is not valid JSON" has none, and "end of input" is not always at the
 * end): the scanner finds each where it is, and says why in words a user acts on.
 */
function locateError(text: string, message: string): JsonSyntaxError {
  const found = scanJson(text).problem
  if (found) return { reason: found.reason, ...lineColumnAt(text, found.offset) }
  const at = /at position (\d+)/.exec(message)
  const reason = message
    .replace(/\s*in JSON at position \d+.*$/s, '')
    .replace(/\s*\(line \d+ column \d+\)$/, '')
    .replace(/, ".*" is not valid JSON$/s, '')
  return { reason, ...lineColumnAt(text, at ? Number(at[1]) : text.length) }
}

/**
 * Parses a whole JSON file's text (a config) or throws an InputError naming the line and column: of a
 * syntax error, or of a key given twice in one object (JSON.parse would keep the last one silently).
 */
export function parseJsonText(text: string, file: string, fix: string): unknown {
  const result = tryParseJson(text)
  if (!result.ok) {
    const { line, column, reason } = result
    throw new InputError({ file, line, column, message: `malformed JSON (${reason})`, fix })
  }
  const twice = scanJson(text, { uniqueKeys: true }).problem
  if (twice?.firstKeyAt === undefined) return result.value
  const first = lineColumnAt(text, twice.firstKeyAt)
  throw new InputError({
    file,
    ...lineColumnAt(text, twice.offset),
    message: `${twice.reason} (first on line ${first.line}, column ${first.column}): only the last would count`,
    fix: 'give each key once',
  })
}

/**
 * The 1-based line on which each element of the array at `arrayPath` starts (`[]` = the top-level
 * array, `['evals']` = the array under the top-level key "evals"). `text` must be valid JSON.
 */
export function arrayElementLines(text: string, arrayPath: readonly string[]): number[] {
  const offsets: number[] = []
  const target = JSON.stringify(arrayPath)
  let i = 0
  const ws = () => {
    while (i < text.length && /\s/.test(text[i] as string)) i++
  }
  const str = (): string => {
    const start = i++
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1
    i++
    return JSON.parse(text.slice(start, i)) as string
  }
  const value = (path: string[]): void => {
    ws()
    const c = text[i]
    if (c === '"') {
      str()
    } else if (c === '{') {
      i++
      for (ws(); text[i] !== '}' && i < text.length; ws()) {
        const key = str()
        ws()
        i++ // ':'
        value([...path, key])
        ws()
        if (text[i] === ',') i++
      }
      i++
    } else if (c === '[') {
      i++
      const record = JSON.stringify(path) === target
      for (ws(); text[i] !== ']' && i < text.length; ws()) {
        if (record) offsets.push(i)
        value([...path, '[]'])
        ws()
        if (text[i] === ',') i++
      }
      i++
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i] as string)) i++
    }
  }
  value([])
  // Offsets grow, so one pass over the text turns them into line numbers.
  const lines: number[] = []
  let line = 1
  let pos = 0
  for (const offset of offsets) {
    for (; pos < offset; pos++) if (text.charCodeAt(pos) === 10) line++
    lines.push(line)
  }
  return lines
}
