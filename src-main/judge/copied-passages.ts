// Passages copied from a skill's text: word runs of PASSAGE_WORDS or more that also occur in the skill,
// found by comparing words (letters and digits, lower-cased; punctuation and whitespace between them are
// ignored), and replaced by a neutral marker.

/** A run of this many consecutive words shared with the skill's text counts as copied. */
export const PASSAGE_WORDS = 8

/** What stands in for whatever the judge must not see. Holds no word, so it never matches anything. */
export const REDACTED = '[…]'

/**
 * One word: a run of letters, digits and marks, or a single Han / kana character (those scripts write no
 * spaces, so each character counts as a word).
 */
const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}\p{M}])+/gu

interface Word {
  word: string
  start: number
  end: number
}

function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((m) => ({
    word: m[0].toLowerCase(),
    start: m.index,
    end: m.index + m[0].length,
  }))
}

function key(words: readonly Word[], i: number): string {
  let k = (words[i] as Word).word
  for (let j = i + 1; j < i + PASSAGE_WORDS; j++) k += ` ${(words[j] as Word).word}`
  return k
}

/** Every run of PASSAGE_WORDS consecutive words of the texts, as lookup keys. */
export type PassageIndex = ReadonlySet<string>

export function passageIndex(texts: readonly string[]): PassageIndex {
  const index = new Set<string>()
  for (const text of texts) {
    const words = wordsOf(text)
    for (let i = 0; i + PASSAGE_WORDS <= words.length; i++) index.add(key(words, i))
  }
  return index
}

/**
 * `text` with each stretch of words covered by runs found in `index` replaced by REDACTED (from its first
 * word's first character to its last word's last character). Shorter shared runs stay.
 */
export function redactPassages(text: string, index: PassageIndex): string {
  if (index.size === 0) return text
  const words = wordsOf(text)
  const covered = new Array<boolean>(words.length).fill(false)
  for (let i = 0; i + PASSAGE_WORDS <= words.length; i++) {
    if (index.has(key(words, i))) covered.fill(true, i, i + PASSAGE_WORDS)
  }
  let out = ''
  let at = 0
  for (let i = 0; i < words.length; i++) {
    if (!covered[i]) continue
    let last = i
    while (last + 1 < words.length && covered[last + 1]) last++
    out += text.slice(at, (words[i] as Word).start) + REDACTED
    at = (words[last] as Word).end
    i = last
  }
  return out + text.slice(at)
}
