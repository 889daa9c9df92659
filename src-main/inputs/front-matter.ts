// A small YAML front matter reader for SKILL.md: top-level scalar keys (plain, quoted, block) only.

export type FrontMatterValue = { kind: 'scalar'; value: string } | { kind: 'structure' }

export type FrontMatter =
  | { ok: true; fields: Map<string, FrontMatterValue>; body: string }
  | { ok: false; reason: 'missing' | 'unclosed'; line?: number }

const KEY = /^([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(.*?))?[ \t]*$/

/**
 * Splits `---\n…\n---` off the top of a markdown text and reads its top-level keys. Nested mappings and
 * lists are reported as `structure`. Like opencode, a plain value may contain ": " (`a: b: c` → "b: c").
 */
export function parseFrontMatter(source: string): FrontMatter {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  const lines = text.split('\n')
  if ((lines[0] ?? '').trimEnd() !== '---') return { ok: false, reason: 'missing' }
  const end = lines.findIndex((l, i) => i > 0 && (l.trimEnd() === '---' || l.trimEnd() === '...'))
  if (end < 0) return { ok: false, reason: 'unclosed', line: 1 }
  const block = lines.slice(1, end)
  const fields = new Map<string, FrontMatterValue>()
  let i = 0
  const indented = (l: string | undefined) => l !== undefined && (l.trim() === '' || /^[ \t]/.test(l))
  while (i < block.length) {
    const line = block[i] as string
    i++
    if (!line.trim() || line.trimStart().startsWith('#')) continue
    const m = KEY.exec(line)
    if (!m || /^[ \t]/.test(line)) continue // not a top-level key: ignored, like an unknown key
    const key = m[1] as string
    const rest = m[2] ?? ''
    const cont: string[] = []
    while (i < block.length && indented(block[i])) cont.push(block[i++] as string)
    while (cont.length && !(cont[cont.length - 1] as string).trim()) cont.pop()
    fields.set(key, readValue(rest, cont))
  }
  return { ok: true, fields, body: lines.slice(end + 1).join('\n') }
}

function readValue(rest: string, cont: string[]): FrontMatterValue {
  const block = /^([|>])([+-]?)(\d?)([+-]?)(?:\s+#.*)?$/.exec(rest)
  if (block) return { kind: 'scalar', value: blockScalar(block[1] === '>', block[2] || block[4] || '', cont) }
  if (rest === '' && cont.length) {
    const first = (cont.find((l) => l.trim()) as string).trim()
    if (first.startsWith('- ') || first === '-' || KEY.test(first)) return { kind: 'structure' }
  }
  if (rest.startsWith('[') || rest.startsWith('{')) return { kind: 'structure' }
  const joined = [rest, ...cont.map((l) => l.trim())].filter((_, k) => k > 0 || rest !== '').join('\n')
  if (rest.startsWith('"')) return { kind: 'scalar', value: doubleQuoted(joined) }
  if (rest.startsWith("'")) return { kind: 'scalar', value: singleQuoted(joined) }
  return { kind: 'scalar', value: fold(joined.replace(/[ \t]+#.*$/gm, '')) }
}

/** Plain and quoted multi-line scalars: line breaks become spaces, blank lines become "\n". */
function fold(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .reduce(
      (out, l) => (out === '' ? l : l === '' ? `${out}\n` : out.endsWith('\n') ? out + l : `${out} ${l}`),
      '',
    )
    .trim()
}

function doubleQuoted(text: string): string {
  const close = findClosingQuote(text)
  const inner = fold(text.slice(1, close))
  try {
    return JSON.parse(`"${inner.replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`) as string
  } catch {
    return inner.replace(/\\"/g, '"')
  }
}

function findClosingQuote(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === '"') return i
  }
  return text.length
}

function singleQuoted(text: string): string {
  let i = 1
  let out = ''
  for (; i < text.length; i++) {
    if (text[i] === "'" && text[i + 1] === "'") {
      out += "'"
      i++
    } else if (text[i] === "'") break
    else out += text[i]
  }
  return fold(out)
}

/** `|` keeps line breaks, `>` folds them; chomping `-` strips the final break, `+` keeps all. */
function blockScalar(folded: boolean, chomp: string, cont: string[]): string {
  const indent = Math.min(
    ...cont.filter((l) => l.trim()).map((l) => (/^[ \t]*/.exec(l) as RegExpExecArray)[0].length),
  )
  const lines = cont.map((l) => (l.trim() ? l.slice(Number.isFinite(indent) ? indent : 0) : ''))
  const value = folded
    ? lines.reduce(
        (out, l, k) =>
          k === 0
            ? l
            : l === '' || /^\s/.test(l)
              ? `${out}\n${l}`
              : out.endsWith('\n') || out === ''
                ? out + l
                : `${out} ${l}`,
        '',
      )
    : lines.join('\n')
  const body = value.replace(/\n+$/, '')
  return chomp === '-' ? body : `${body}\n`
}
