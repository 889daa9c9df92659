// The trigger bench's figures (docs/triggers.md#what-a-probe-costs): a probe's mean cost against a full run's
// of the same queries, with the model turns behind each so a reader can see where the ratio comes from, and
// the checks that make a ratio meaningful (every probe triggered, every full run scored and did the work).

/** The target of issue 14: a probe costs at most this share of a full run, in tokens and in time. */
export const TARGET_RATIO = 0.2

/** Per item (probe or full run): its tokens and time; and the model turns all of them took together. */
export interface Measured {
  tokens: number[]
  ms: number[]
  modelTurns: number
}

export interface Cost {
  meanTokens: number
  meanMs: number
  meanTurns: number
  /** Agent tokens ÷ turns: each turn resends the whole conversation, so later turns cost more. */
  tokensPerTurn: number
}

export interface CostComparison {
  probe: Cost
  /** Agent run plus its judgement in tokens (`judgeTokens` of them); the agent run alone in time and turns. */
  fullRun: Cost & { judgeTokens: number }
  tokensRatio: number
  timeRatio: number
  withinTarget: boolean
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0)
const round2 = (x: number): number => Math.round(x * 100) / 100

function costOf(m: Measured, extraTokens = 0): Cost {
  const agentTokens = mean(m.tokens)
  const meanTurns = m.tokens.length ? m.modelTurns / m.tokens.length : 0
  return {
    meanTokens: Math.round(agentTokens + extraTokens),
    meanMs: Math.round(mean(m.ms)),
    meanTurns: round2(meanTurns),
    tokensPerTurn: meanTurns ? Math.round(agentTokens / meanTurns) : 0,
  }
}

/** A probe's mean cost against a full run's (whose tokens include its judgement's), as ratios. */
export function compareCosts(probe: Measured, fullRun: Measured & { judgeTokens: number[] }): CostComparison {
  const p = costOf(probe)
  const judgeTokens = Math.round(mean(fullRun.judgeTokens))
  const f = { ...costOf(fullRun, judgeTokens), judgeTokens }
  const tokensRatio = f.meanTokens ? round2(p.meanTokens / f.meanTokens) : Infinity
  const timeRatio = f.meanMs ? round2(p.meanMs / f.meanMs) : Infinity
  return {
    probe: p,
    fullRun: f,
    tokensRatio,
    timeRatio,
    withinTarget: tokensRatio <= TARGET_RATIO && timeRatio <= TARGET_RATIO,
  }
}

/** What a scenario's two commands left behind, counted. */
export interface BenchOutcome {
  queries: number
  rounds: number
  /** Probes with a result, and how many of them chose this skill. */
  probes: number
  triggered: number
  /** Side b's runs planned, those scored, and those whose agent verifiably did the work (when checked). */
  plannedRuns: number
  scoredRuns: number
  workDone?: number
}

/** Why the figures would mean nothing: missing probes or runs, a probe that did not trigger, work not done. */
export function benchProblems(o: BenchOutcome): string[] {
  const problems: string[] = []
  const expected = o.queries * o.rounds
  if (o.probes !== expected) problems.push(`${o.probes} of ${expected} probes have a result`)
  if (o.triggered !== o.probes) problems.push(`${o.probes - o.triggered} probe(s) did not load the skill`)
  if (o.scoredRuns !== o.plannedRuns)
    problems.push(`${o.scoredRuns} of ${o.plannedRuns} full runs were scored`)
  if (o.workDone !== undefined && o.workDone !== o.plannedRuns)
    problems.push(`${o.workDone} of ${o.plannedRuns} full runs did the work`)
  return problems
}
