// The items of a JSON Lines file or of a JSON array, each with the line it starts on (for error messages).
import type { ProblemList } from './errors'
import { arrayElementLines, tryParseJson } from './json-text'

export interface JsonItem {
  raw: unknown
  /** 1-based line where the item starts. */
  line: number
}

/** One value per non-blank line; a malformed line is added to `problems` (with `fix`) and skipped. */
export function jsonLinesItems(text: string, file: string, problems: ProblemList, fix: string): JsonItem[] {
  const items: JsonItem[] = []
  text.split('\n').forEach((rawLine, i) => {
    const lineText = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine
    if (!lineText.trim()) return
    const parsed = tryParseJson(lineText)
    if (parsed.ok) items.push({ raw: parsed.value, line: i + 1 })
    else
      problems.add({
        file,
        line: i + 1,
        column: parsed.column,
        message: `malformed JSON (${parsed.reason})`,
        fix,
      })
  })
  return items
}

/** The elements of the array at `arrayPath` in the parsed `text`, with the lines they start on. */
export function arrayItems(
  text: string,
  values: readonly unknown[],
  arrayPath: readonly string[],
): JsonItem[] {
  const lines = arrayElementLines(text, arrayPath)
  return values.map((raw, i) => ({ raw, line: lines[i] ?? 1 }))
}
