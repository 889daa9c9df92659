// The judge's test–retest noise (docs/decision.md "Judge noise"): stored runs judged K times more, nothing
// executed. Per run and pass, the judge's share of the row score (its evaluators' weighted mean); the sd
// pooled over runs: sqrt(Σ_i Σ_k (x_ik − x̄_i)² / Σ_i (k_i − 1)).
import type { CapabilityDecision, DecisionWarning, JudgeNoise } from '../../src-shared/decision'
import { num } from './format'

/** One repeated judgement, as stored (a failed one has no score). */
export interface RepeatedJudgement {
  runId: string
  sessionId: string
  measurement: string
  pass: number
  evaluatorId: string
  score: number | null
}

/**
 * The pooled sd over the judgements of runs' current executions (`sessions`: run id → its session) by the
 * judged evaluators (`weights`: id → weight); a pass missing any of them is left out. The latest
 * measurement's K is reported. Null until some run has two passes.
 */
export function judgeNoise(
  repeats: readonly RepeatedJudgement[],
  sessions: ReadonlyMap<string, string | null>,
  weights: ReadonlyMap<string, number>,
): JudgeNoise | null {
  const passes = new Map<string, Map<number, Map<string, number | null>>>()
  for (const r of repeats) {
    if (sessions.get(r.runId) !== r.sessionId || !weights.has(r.evaluatorId)) continue
    const key = `${r.measurement}\0${r.runId}`
    const byPass = passes.get(key) ?? new Map<number, Map<string, number | null>>()
    const scores = byPass.get(r.pass) ?? new Map<string, number | null>()
    scores.set(r.evaluatorId, r.score)
    byPass.set(r.pass, scores)
    passes.set(key, byPass)
  }
  let squares = 0
  let df = 0
  const runs = new Set<string>()
  for (const [key, byPass] of passes) {
    const xs = [...byPass.values()]
      .map((scores) =>
        scores.size === weights.size
          ? weightedMean([...scores].map(([id, score]) => [score, weights.get(id) ?? 0] as const))
          : null,
      )
      .filter((x): x is number => x !== null)
    if (xs.length < 2) continue
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length
    squares += xs.reduce((a, x) => a + (x - mean) ** 2, 0)
    df += xs.length - 1
    runs.add(key.split('\0')[1] ?? key)
  }
  if (df === 0) return null
  const latest = repeats.at(-1)?.measurement
  const k = Math.max(...repeats.filter((r) => r.measurement === latest).map((r) => r.pass))
  return { sd: Math.sqrt(squares / df), runs: runs.size, repeats: k, df }
}

/** Σ(score·weight)/Σweight over positive weights (the plain mean when none is), as a row score; null if one is missing. */
function weightedMean(items: readonly (readonly [number | null, number])[]): number | null {
  if (items.some(([s]) => s === null)) return null
  const weighted = items.filter(([, w]) => w > 0)
  const used = weighted.length ? weighted : items.map(([s]) => [s, 1] as const)
  const total = used.reduce((n, [, w]) => n + w, 0)
  return used.reduce((n, [s, w]) => n + (s as number) * w, 0) / total
}

/** `within-judge-noise`: the capability lift's whole CI lies within ± the judge's own test–retest sd. */
export function judgeNoiseWarnings(
  capability: CapabilityDecision,
  noise: JudgeNoise | null,
): DecisionWarning[] {
  const { ciLow, ciHigh } = capability
  if (!noise || ciLow === null || ciHigh === null) return []
  if (ciLow < -noise.sd || ciHigh > noise.sd) return []
  return [
    {
      code: 'within-judge-noise',
      message: `the lift's CI [${num(ciLow)}, ${num(ciHigh)}] lies within ±${num(noise.sd)}, the judge's own test–retest sd (${noise.runs} runs judged ${noise.repeats} times): re-judging the same transcripts moves a score as much as the skill does — a better judge, or more cases and rounds, would tell them apart`,
    },
  ]
}
