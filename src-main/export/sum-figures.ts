// Adds up figures of the same shape (a spend, the baseline-reuse savings) key by key: what `skill-ab merge`
// reports for its shards together. null is "none known": null + x = x, and null only when all are null.

type Figures = number | null | { [key: string]: Figures }

function add(x: Figures, y: Figures): Figures {
  if (x === null) return y
  if (y === null) return x
  if (typeof x === 'number' || typeof y === 'number') return Number(x) + Number(y)
  return Object.fromEntries(Object.keys(x).map((k) => [k, add(x[k] ?? null, y[k] ?? null)]))
}

/** The key-by-key sum of `items` (the first one's keys); undefined when there are none. */
export function sumFigures<T extends object>(items: readonly T[]): T | undefined {
  if (!items.length) return undefined
  return (items as unknown as Figures[]).reduce((sum, item) => add(sum, item)) as unknown as T
}
