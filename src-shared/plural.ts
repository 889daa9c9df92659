// A counted word ("1 run", "3 runs"): the one helper every message of the app, main and renderer, uses.

/** `n` and the word, plural unless `n` is 1: `plural(3, 'run')` "3 runs", `plural(2, 'query', 'queries')`. */
export function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`
}
