// The words a judge uses for its score and its reason, as JSON keys and as prose labels.

/** JSON keys holding the score, compared case-insensitively; the first present one is used. */
export const SCORE_KEYS = ['score', 'rating'] as const

/** JSON keys holding the reason, compared case-insensitively; the first present one is used. */
export const REASON_KEYS = ['reason', 'reasoning', 'rationale', 'explanation', '理由', '原因'] as const

/** A prose score label: `score`/`rating` as whole words (`overall_score` counts, `subscore` does not), or Chinese. */
export const SCORE_LABEL_SOURCE = String.raw`(?:(?<![A-Za-z])(?:score|rating)(?![A-Za-z])|评分|得分|分数)`

/** A prose reason label, same rules. */
export const REASON_LABEL_SOURCE = String.raw`(?:(?<![A-Za-z])(?:reason(?:ing)?|rationale|explanation)(?![A-Za-z])|理由|原因)`

/** Quotes, markdown emphasis and spaces that may wrap a label: `"score"`, `**Rating**`, `__Score__`. */
export const LABEL_WRAP = '["\'`*_ \\t]*'

/** Find the value under the first of `keys` present in `obj`, keys compared case-insensitively. */
export function findKey(obj: Record<string, unknown>, keys: readonly string[]): string | undefined {
  const own = Object.keys(obj)
  for (const wanted of keys) {
    const hit = own.find((k) => k.trim().toLowerCase() === wanted)
    if (hit !== undefined) return hit
  }
  return undefined
}
