// How figures read in the decision's reasons: fixed decimals, signs, counts with their base.

const fixed = (x: number, digits: number): string => {
  const s = x.toFixed(digits)
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s
}

/** 1 decimal: `4.1`, `-3.0`. */
export const num = (x: number, digits = 1): string => fixed(x, digits)

/** Signed points: `+12.5`, `-3.0`. */
export const signed = (x: number, digits = 1): string =>
  (fixed(x, digits).startsWith('-') ? '' : '+') + fixed(x, digits)

/** A policy figure as written: `5`, `0.2`, `12.5`. */
export const plain = (x: number): string => String(Number(x.toFixed(3)))

/** A ratio: `1.12`. */
export const ratio = (x: number): string => fixed(x, 2)

/** The confidence level of α: `95%`, `99.5%`. */
export const level = (alpha: number): string => `${Number(((1 - alpha) * 100).toFixed(1))}%`

/** `[4.1, 20.9]` with the given formatter. */
export const interval = (low: number, high: number, f: (x: number) => string = num): string =>
  `[${f(low)}, ${f(high)}]`

/** `4 of 8 (50%)`, `4 of 8 cases (50%)`: never a bare percentage. */
export const share = (k: number, n: number, noun = ''): string =>
  `${k} of ${n}${noun ? ` ${noun}` : ''}${n > 0 ? ` (${Math.round((100 * k) / n)}%)` : ''}`

/** A p-value with 3 significant digits. */
export const pValue = (p: number): string =>
  p < 0.001 ? p.toExponential(1) : Number(p.toPrecision(3)).toString()

/** `c1, c2, c3 and 4 more`. */
export function ids(list: readonly string[], max = 5): string {
  const shown = list.slice(0, max).join(', ')
  return list.length > max ? `${shown} and ${list.length - max} more` : shown
}
