// Best-effort reason for level 4 (regex_score): a `reason:`/`理由`/`原因` label, or a JSON-ish "reason" value.
import { LABEL_WRAP, REASON_LABEL_SOURCE, SCORE_LABEL_SOURCE } from './judge-labels'

const REASON_LABEL = new RegExp(String.raw`${REASON_LABEL_SOURCE}${LABEL_WRAP}[:：=][ \t*_]*`, 'i')
const SCORE_LINE = new RegExp(String.raw`^[\s>#*_-]*${SCORE_LABEL_SOURCE}`, 'i')

/**
 * Where a quoted value ends: a quote followed by the end of the object or text, or by a comma/newline and
 * the next key. Quotes anywhere else are the judge's own, unescaped: `"He said "fine", then left"`.
 */
const VALUE_END = /(?:\s*[}\]]|\s*$|[ \t]*[,\r\n]\s*["']?[\p{L}\w-]+["']?\s*[:：])/uy

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
}

function quotedValue(text: string, from: number, quote: string): string {
  let end = -1
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === quote) {
      VALUE_END.lastIndex = i + 1
      if (VALUE_END.test(text)) {
        end = i
        break
      }
    }
  }
  const raw = end < 0 ? text.slice(from).replace(/["']?\s*[}\]]*\s*$/, '') : text.slice(from, end)
  return raw.replace(/\\(.)/g, (all, c: string) => ESCAPES[c] ?? all)
}

/** The rest of the labelled line and the lines after it, up to a line that starts with a score label. */
function plainValue(text: string, from: number): string {
  const [first = '', ...rest] = text.slice(from).split('\n')
  const lines = [first]
  for (const line of rest) {
    if (SCORE_LINE.test(line)) break
    lines.push(line)
  }
  return lines.join('\n').replace(/[*_\s]+$/, '')
}

/** The reason the judge gave, or '' when no reason label is found. */
export function looseReason(text: string): string {
  const match = REASON_LABEL.exec(text)
  if (!match) return ''
  const from = match.index + match[0].length
  const quote = text[from]
  const value = quote === '"' || quote === "'" ? quotedValue(text, from + 1, quote) : plainValue(text, from)
  return value.trim()
}
