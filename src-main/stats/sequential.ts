// Group-sequential pass boundaries by alpha spending (docs/decision.md, "Adaptive rounds"): Lan & DeMets'
// Pocock-type spending function, boundaries by recursive numerical integration (Armitage, McPherson &
// Rowe's method) of a Brownian motion observed at the looks' information times.

/** Odd, for Simpson's rule. */
const GRID = 121
const SPREAD = 8

/**
 * One-sided false-pass probability spent by information time t ∈ (0, 1] when `oneSided` is allowed in
 * all: α*(t) = oneSided·ln(1 + (e − 1)·t) (Lan & DeMets 1983, the Pocock-type function), which spends a
 * fair share early, so that a clear effect can stop at the first looks.
 */
export function pocockSpent(t: number, oneSided: number): number {
  if (t >= 1) return oneSided
  if (t <= 0) return 0
  return oneSided * Math.log(1 + (Math.E - 1) * t)
}

/** Points and Simpson weights on [lo, hi]. */
function grid(lo: number, hi: number): { x: number[]; w: number[] } {
  const h = (hi - lo) / (GRID - 1)
  const x = Array.from({ length: GRID }, (_, i) => lo + i * h)
  const w = x.map((_, i) => ((i === 0 || i === GRID - 1 ? 1 : i % 2 ? 4 : 2) * h) / 3)
  return { x, w }
}

/** Φ by the complementary error function of Numerical Recipes (erfcc, relative error < 1.2e-7): fast enough for the inner loops. */
function phi(z: number): number {
  const x = Math.abs(z) / Math.SQRT2
  const t = 1 / (1 + 0.5 * x)
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    )
  return z >= 0 ? 1 - erfc / 2 : erfc / 2
}

const density = (z: number): number => Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI)

/**
 * z boundaries c_1..c_K for looks at increasing information times `times` (the last may be 1): under no
 * effect, Z_k = W(t_k)/√t_k with W a standard Brownian motion, and P(Z_j < c_j for j < k, Z_k ≥ c_k) =
 * α*(t_k) − α*(t_{k−1}). So the chance that any look passes a task without an effect is α*(t_K) ≤ oneSided.
 * A look that may spend nothing gets +∞.
 */
export function passBoundaries(times: readonly number[], oneSided: number): number[] {
  const key = `${oneSided}:${times.join(',')}`
  const known = memo.get(key)
  if (known) return known
  const bounds = computeBoundaries(times, oneSided)
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as string)
  memo.set(key, bounds)
  return bounds
}

/** Boundaries depend only on the look times and the level; a task's looks ask for the same ones again. */
const memo = new Map<string, number[]>()
const MEMO_SIZE = 512

function computeBoundaries(times: readonly number[], oneSided: number): number[] {
  const bounds: number[] = []
  // The sub-density of W(t_{k−1}) over the region where no earlier look passed, on a grid.
  let pts: { x: number[]; w: number[] } | null = null
  let dens: number[] = []
  let prevT = 0
  let prevSpent = 0
  for (const t of times) {
    const spent = pocockSpent(t, oneSided)
    const step = spent - prevSpent
    const dt = t - prevT
    const crossing = (c: number): number => {
      const b = c * Math.sqrt(t)
      if (!pts) return 1 - phi(c)
      let p = 0
      for (let i = 0; i < GRID; i++) p += pts.w[i]! * dens[i]! * (1 - phi((b - pts.x[i]!) / Math.sqrt(dt)))
      return p
    }
    let c = Infinity
    if (step > 1e-12 && dt > 0) {
      let lo = -SPREAD
      let hi = SPREAD
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2
        if (crossing(mid) > step) lo = mid
        else hi = mid
      }
      c = hi
    }
    bounds.push(c)
    // Carry the density of W(t) below this look's boundary to the next look.
    const top = Math.min(c, SPREAD) * Math.sqrt(t)
    const next = grid(-SPREAD * Math.sqrt(t), Math.max(top, -SPREAD * Math.sqrt(t) + 1e-9))
    const nextDens = next.x.map((y) => {
      if (!pts) return density(y / Math.sqrt(t)) / Math.sqrt(t)
      let f = 0
      for (let i = 0; i < GRID; i++)
        f += pts.w[i]! * dens[i]! * (density((y - pts.x[i]!) / Math.sqrt(dt)) / Math.sqrt(dt))
      return f
    })
    pts = next
    dens = nextDens
    prevT = t
    prevSpent = spent
  }
  return bounds
}

/** The two-sided level whose t-interval's low end is the one-sided z boundary c: 2·(1 − Φ(c)). */
export function nominalAlpha(c: number): number {
  return c === Infinity ? 0 : 2 * (1 - phi(c))
}
