// A positional JSON scanner: where the first syntax error is (the built-in parser names no position for
// many of them), which spans are comments and trailing commas (JSONC), and numbers too large for a double.

export interface JsonSyntaxProblem {
  /** Character offset of the problem in the text. */
  offset: number
  reason: string
  /** A number literal too large for a double (valid JSON syntax, refused all the same). */
  tooLarge?: true
  /** A key given twice in one object (`uniqueKeys`): the offset of its first occurrence. */
  firstKeyAt?: number
}

export interface ScanOptions {
  /** Allow `//` and `/* *\/` comments and trailing commas, as opencode's config files do. */
  jsonc?: boolean
  /** Report a key given twice in one object (valid JSON, whose parsers keep the last one silently). */
  uniqueKeys?: boolean
}

export interface ScanResult {
  /** The first problem, or null when the text is valid (JSON, or JSONC with `jsonc`). */
  problem: JsonSyntaxProblem | null
  /** [start, end) spans of comments and trailing commas: blank them and the text is plain JSON. */
  ignorable: [number, number][]
}

class Stop extends Error {
  constructor(readonly problem: JsonSyntaxProblem) {
    super(problem.reason)
  }
}

const WS = new Set([' ', '\t', '\n', '\r'])
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const WORD = /[A-Za-z0-9_$+.-]+/y

/** A character as a message shows it: `'x'`, or `U+0007` for an invisible one. */
function shown(ch: string): string {
  const code = ch.codePointAt(0) ?? 0
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `'${ch}'`
}

/** Scans `text` as one JSON value; never throws. */
export function scanJson(text: string, opts: ScanOptions = {}): ScanResult {
  const ignorable: [number, number][] = []
  let i = 0
  const fail = (offset: number, reason: string, tooLarge = false): never => {
    throw new Stop(tooLarge ? { offset, reason, tooLarge } : { offset, reason })
  }
  const end = (what: string): never => fail(text.length, `unexpected end of the text: ${what}`)

  const skip = (): void => {
    for (;;) {
      while (i < text.length && WS.has(text[i] as string)) i++
      if (text[i] !== '/' || (text[i + 1] !== '/' && text[i + 1] !== '*')) return
      if (!opts.jsonc) fail(i, 'comments are not allowed in JSON')
      const start = i
      if (text[i + 1] === '/') {
        while (i < text.length && text[i] !== '\n') i++
      } else {
        const close = text.indexOf('*/', i + 2)
        if (close < 0) fail(start, 'this comment is never closed by "*/"')
        i = close + 2
      }
      ignorable.push([start, i])
    }
  }

  const string = (): void => {
    const start = i++
    for (;;) {
      if (i >= text.length) fail(start, "this string is never closed by a '\"'")
      const ch = text[i] as string
      if (ch === '"') {
        i++
        return
      }
      if (ch === '\n') fail(start, "this string is never closed by a '\"' on its line")
      if (ch < ' ') fail(i, `a control character (${shown(ch)}) inside a string: write it escaped`)
      if (ch === '\\') {
        const esc = text[i + 1]
        if (esc === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            fail(i, 'a \\u escape needs four hex digits')
          i += 6
          continue
        }
        if (esc === undefined || !'"\\/bfnrt'.includes(esc))
          fail(i, `bad escape "\\${esc ?? ''}" in a string`)
        i += 2
        continue
      }
      i++
    }
  }

  const number = (): void => {
    NUMBER.lastIndex = i
    const m = NUMBER.exec(text)
    WORD.lastIndex = i
    const word = WORD.exec(text)?.[0] ?? ''
    if (!m || m[0].length < word.length) fail(i, `"${word}" is not a JSON number`)
    const literal = (m as RegExpExecArray)[0]
    if (!Number.isFinite(Number(literal)))
      fail(i, `the number ${literal} is too large (the limit is about 1.8e308)`, true)
    i += literal.length
  }

  const value = (what: string): void => {
    skip()
    if (i >= text.length) end(`expected ${what}`)
    const ch = text[i] as string
    if (ch === '{') return container('}', true)
    if (ch === '[') return container(']', false)
    if (ch === '"') return string()
    if (ch === '-' || (ch >= '0' && ch <= '9')) return number()
    WORD.lastIndex = i
    const word = WORD.exec(text)?.[0]
    if (word === 'true' || word === 'false' || word === 'null') {
      i += word.length
      return
    }
    if (word)
      fail(
        i,
        word === 'NaN' || /^[+-]?Infinity$/.test(word)
          ? `${word} is not a JSON number`
          : `unexpected "${word}" where ${what} should be (text needs double quotes)`,
      )
    if (ch === "'") fail(i, 'strings need double quotes (")')
    if (ch === ',') fail(i, `unexpected ',' where ${what} should be`)
    fail(i, `unexpected ${shown(ch)} where ${what} should be`)
  }

  const uniqueKey = (keys: Map<string, number>, keyAt: number): void => {
    const key = JSON.parse(text.slice(keyAt, i)) as string
    const firstKeyAt = keys.get(key)
    if (firstKeyAt === undefined) return void keys.set(key, keyAt)
    const named = key.length > 60 ? `${JSON.stringify(key.slice(0, 60)).slice(0, -1)}…"` : JSON.stringify(key)
    throw new Stop({ offset: keyAt, reason: `the key ${named} is given twice in one object`, firstKeyAt })
  }

  const container = (close: '}' | ']', object: boolean): void => {
    const keys = object && opts.uniqueKeys ? new Map<string, number>() : null
    i++
    skip()
    if (text[i] === close) {
      i++
      return
    }
    for (;;) {
      if (object) {
        skip()
        if (i >= text.length) end('expected a property name in double quotes')
        if (text[i] !== '"')
          fail(
            i,
            text[i] === "'"
              ? 'property names need double quotes (")'
              : `expected a property name in double quotes, found ${shown(text[i] as string)}`,
          )
        const keyAt = i
        string()
        if (keys) uniqueKey(keys, keyAt)
        skip()
        if (i >= text.length) end("expected ':'")
        if (text[i] !== ':')
          fail(i, `expected ':' after the property name, found ${shown(text[i] as string)}`)
        i++
      }
      value(object ? 'a value' : 'an element')
      skip()
      if (i >= text.length) end(`expected ',' or '${close}'`)
      if (text[i] === close) {
        i++
        return
      }
      if (text[i] !== ',')
        fail(
          i,
          `expected ',' or '${close}' ${object ? 'after a property' : 'after an element'}, found ${shown(text[i] as string)}`,
        )
      const comma = i++
      skip()
      if (text[i] === close) {
        if (!opts.jsonc) fail(comma, `a trailing comma before '${close}' is not allowed in JSON`)
        ignorable.push([comma, comma + 1])
        i++
        return
      }
    }
  }

  try {
    value('a JSON value')
    skip()
    if (i < text.length) fail(i, `unexpected ${shown(text[i] as string)} after the end of the JSON value`)
    return { problem: null, ignorable }
  } catch (err) {
    if (err instanceof Stop) return { problem: err.problem, ignorable }
    // Nesting deeper than the stack: say nothing rather than something wrong.
    if (err instanceof RangeError) return { problem: null, ignorable }
    throw err
  }
}

/** The text with comments and trailing commas blanked (offsets kept), ready for JSON.parse. */
export function blankIgnorable(text: string, spans: readonly [number, number][]): string {
  if (!spans.length) return text
  let out = ''
  let at = 0
  for (const [start, stop] of spans) {
    out += text.slice(at, start) + text.slice(start, stop).replace(/[^\n]/g, ' ')
    at = stop
  }
  return out + text.slice(at)
}

/** Whether the text may hold a number too large for a double (cheap test before a full scan). */
export function mayOverflow(text: string): boolean {
  return /\d[eE]\+?\d{3}|\d{300}/.test(text)
}
