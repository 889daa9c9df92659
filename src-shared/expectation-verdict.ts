// One expectation's verdict from an expectations evaluator (README "Evaluators"): stored in the result's
// `raw_analysis_json` under `expectations`, shown in the run's view and carried by the export.

export interface ExpectationVerdict {
  /** The expectation as the dataset gives it. */
  expectation: string
  passed: boolean
  /** What in the run shows it, or what is missing (the judge's words, redacted). */
  evidence: string
}

/** The verdicts stored in a result's raw analysis; null when it holds none (any other evaluator). */
export function expectationVerdictsOf(rawAnalysis: unknown): ExpectationVerdict[] | null {
  const list = (rawAnalysis as { expectations?: unknown } | null)?.expectations
  if (!Array.isArray(list)) return null
  return list.flatMap((v: unknown) => {
    const x = v as Partial<ExpectationVerdict> | null
    return typeof x?.expectation === 'string' && typeof x.passed === 'boolean'
      ? [{ expectation: x.expectation, passed: x.passed, evidence: String(x.evidence ?? '') }]
      : []
  })
}
