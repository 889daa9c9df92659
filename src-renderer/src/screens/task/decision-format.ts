// Pure: how the decision panel writes its figures. Every share says of what; every interval says its bounds.
import { plural } from '../../../../src-shared/plural'

/** A number with `digits` decimals, or '–' when unknown. */
export const f = (v: number | null, digits = 1): string => (v === null ? '–' : v.toFixed(digits))

/** A signed number (+1.5, −2.0), or '–'. */
export const signed = (v: number | null, digits = 1): string =>
  v === null ? '–' : `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(digits)}`

export const ci = (lo: number | null, hi: number | null, digits = 1): string =>
  lo === null || hi === null ? 'CI –' : `CI ${f(lo, digits)} to ${f(hi, digits)}`

/** A share in [0, 1] as a whole percentage ("25%"); '–' when unknown. */
export const pct = (share: number | null): string => (share === null ? '–' : `${Math.round(share * 100)}%`)

/** A difference of shares in [−1, 1] as signed percentage points, without the unit ("+25", "−2.5"). */
const points = (share: number): string => signed(share * 100, Math.abs(share * 100) % 1 === 0 ? 0 : 1)

/** A difference of shares in [−1, 1] as signed percentage points ("+25 pp"). */
export const pp = (share: number | null): string => (share === null ? '–' : `${points(share)} pp`)

/** An interval of share differences: "CI +25 to +75 pp". */
export const ppCi = (lo: number | null, hi: number | null): string =>
  lo === null || hi === null ? 'CI –' : `CI ${points(lo)} to ${points(hi)} pp`

/** `x of n runs (p%)`: a count with its share, which says of what. */
export function ofRuns(count: number, runs: number): string {
  return `${count} of ${plural(runs, 'run')}${runs > 0 ? ` (${pct(count / runs)})` : ''}`
}

/** A Wilson interval of a share: "CI 9–53%". */
export function shareCi(lo: number | null, hi: number | null): string {
  return lo === null || hi === null ? 'CI –' : `CI ${Math.round(lo * 100)}–${Math.round(hi * 100)}%`
}
