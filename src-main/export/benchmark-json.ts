// The export as skill-creator's `benchmark.json` (README "CI reports"), so its viewer reads our results:
// side a is `without_skill`, side b `with_skill`; a case is an eval (eval_id its 1-based place in the
// task, eval_name its id), a round a run_number. A run's pass_rate is its score / 100; each evaluator is
// one expectation, passed at a score of 50 or more. The shape: resources/schemas/benchmark.schema.json.
import { sampleSd } from '../stats/summary'
import { mean, totalTokens } from '../../src-shared/run-rules'
import type { ExportDocument, ExportRun } from '../../src-shared/export'
import { isAttributableFailure } from '../../src-shared/run-state'

const CONFIGURATION = { a: 'without_skill', b: 'with_skill' } as const
/** An evaluator's score at or above this counts as a passed expectation. */
const EXPECTATION_PASS_SCORE = 50

/** Runs the benchmark lists: scored ones, and failures the agent is answerable for (errors). */
const listed = (r: ExportRun): boolean =>
  r.status === 'scored' || (r.status === 'failed' && isAttributableFailure(r.failureType))

function benchmarkRun(run: ExportRun, evalId: number) {
  const expectations = run.evaluations
    .filter((e) => e.status === 'done')
    .map((e) => {
      const score = e.correction?.score ?? e.score ?? 0
      return { text: e.evaluatorId, passed: score >= EXPECTATION_PASS_SCORE, evidence: e.reason ?? '' }
    })
  const passed = expectations.filter((e) => e.passed).length
  return {
    eval_id: evalId,
    eval_name: run.caseId,
    configuration: CONFIGURATION[run.side],
    run_number: run.round,
    result: {
      pass_rate: (run.score ?? 0) / 100,
      passed,
      failed: expectations.length - passed,
      total: expectations.length,
      time_seconds: (run.durationMs ?? 0) / 1000,
      tokens: totalTokens(run.tokens),
      errors: run.status === 'failed' ? 1 : 0,
    },
    expectations,
    notes: run.failureType ? [`failed: ${run.failureType}`] : [],
  }
}

type BenchmarkRun = ReturnType<typeof benchmarkRun>

function stat(xs: readonly number[]) {
  if (!xs.length) return { mean: 0, stddev: 0, min: 0, max: 0 }
  return { mean: mean(xs) ?? 0, stddev: sampleSd(xs) ?? 0, min: Math.min(...xs), max: Math.max(...xs) }
}

function summary(runs: readonly BenchmarkRun[]) {
  return {
    pass_rate: stat(runs.map((r) => r.result.pass_rate)),
    time_seconds: stat(runs.map((r) => r.result.time_seconds)),
    tokens: stat(runs.map((r) => r.result.tokens)),
  }
}

const signed = (x: number, digits: number): string => `${x < 0 ? '-' : '+'}${Math.abs(x).toFixed(digits)}`

export function exportToBenchmark(doc: ExportDocument) {
  const evalIds = new Map(doc.cases.map((c, k) => [c.caseId, k + 1]))
  const runs = doc.runs.filter(listed).map((r) => benchmarkRun(r, evalIds.get(r.caseId) ?? 0))
  const withSkill = summary(runs.filter((r) => r.configuration === 'with_skill'))
  const withoutSkill = summary(runs.filter((r) => r.configuration === 'without_skill'))
  const skill = doc.task.config.skill as { path?: unknown } | undefined
  const rounds = doc.task.config.repeatRounds
  return {
    metadata: {
      skill_name: doc.skillVersions.b?.name ?? String(doc.task.skillName ?? ''),
      ...(typeof skill?.path === 'string' ? { skill_path: skill.path } : {}),
      ...(doc.environment.agentModel ? { executor_model: doc.environment.agentModel } : {}),
      ...(doc.environment.judgeModel ? { analyzer_model: doc.environment.judgeModel } : {}),
      timestamp: doc.exportedAt,
      evals_run: [...evalIds.values()],
      runs_per_configuration: typeof rounds === 'number' && rounds >= 1 ? rounds : 1,
    },
    runs,
    run_summary: {
      with_skill: withSkill,
      without_skill: withoutSkill,
      delta: {
        pass_rate: signed(withSkill.pass_rate.mean - withoutSkill.pass_rate.mean, 2),
        time_seconds: signed(withSkill.time_seconds.mean - withoutSkill.time_seconds.mean, 1),
        tokens: signed(withSkill.tokens.mean - withoutSkill.tokens.mean, 0),
      },
    },
    notes: [`Skill A/B verdict: ${doc.decision.verdict}`, ...doc.decision.reasons],
  }
}
