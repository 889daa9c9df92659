// A run's row score from its evaluators' scores: weighted mean, corrections first.

export interface RowScoreItem {
  /** The evaluator's score on 0–100; null when it has none (failed, not yet judged). */
  score: number | null
  weight: number
  /** A human correction replaces the model's score. */
  correction?: { score: number } | null
}

const effective = (item: RowScoreItem): number | null => item.correction?.score ?? item.score

const isUsable = (n: number | null): n is number => typeof n === 'number' && Number.isFinite(n)

/**
 * Σ(score·weight)/Σweight over the items with weight > 0 (the others take no part); the plain mean when
 * no item has a positive weight. A correction's score replaces the model's. null when there is no item,
 * or when any item taking part has no score (a row is scored only once all its evaluators are).
 */
export function rowScore(items: readonly RowScoreItem[]): number | null {
  const weighted = items.filter((i) => Number.isFinite(i.weight) && i.weight > 0)
  const used = weighted.length > 0 ? weighted : items
  if (used.length === 0) return null
  const scores = used.map(effective)
  if (!scores.every(isUsable)) return null
  if (weighted.length === 0) return round2(scores.reduce((n, s) => n + s, 0) / scores.length)
  const total = weighted.reduce((n, i) => n + i.weight, 0)
  return round2(weighted.reduce((n, i, k) => n + (scores[k] as number) * i.weight, 0) / total)
}

/** At most 2 decimals, like the parser's normalised scores. */
function round2(n: number): number {
  return Math.round(n * 100) / 100
}
