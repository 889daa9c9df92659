// The terminal summary of a decision: a line per dimension (failures, trigger, pairwise too), then warnings.
import { describe, expect, it } from 'vitest'
import { toExportDecision } from '../export/build-export'
import { CONFIG_WARNING_CODES } from '../inputs/config-warnings'
import { decide } from '../stats/decide'
import { policy, run } from '../stats/runs.fixture'
import type { DecideOptions, ExperimentRun } from '../stats/types'
import type { ExportDocument } from '../../src-shared/export'
import type { Policy } from '../../src-shared/task-config'
import { decisionText } from './decision-text'

/** The summary of the decision over `runs` (only the decision of the document is read). */
function summary(
  runs: ExperimentRun[],
  over: Partial<Policy> = {},
  opts: DecideOptions = {},
  except?: ReadonlySet<string>,
): string[] {
  const doc = { decision: toExportDecision(decide(runs, policy(over), opts)) } as ExportDocument
  return decisionText(doc, { except }).trimEnd().split('\n')
}

/** 6 cases × 1 round: a scores 50, b 70, or b fails with `failureType`; b invokes the skill when `loaded`. */
function runs6(b: Partial<ExperimentRun> = {}): ExperimentRun[] {
  return Array.from({ length: 6 }, (_, i) => [
    run(`c${i}`, 'a', 1, 50),
    run(`c${i}`, 'b', 1, b.failureType ? null : 70 + i, b.failureType ? { executed: false, ...b } : b),
  ]).flat()
}

describe('decisionText', () => {
  it('b times out on every case: REJECT, and the failures line names the failure rate', () => {
    const lines = summary(runs6({ failureType: 'timeout' }))
    expect(lines[0]).toBe('decision: REJECT')
    expect(lines).toContain(
      '  failures    reject       b failed 6 of 6 runs (100%), a 0 of 6 runs (0%); difference +100.0 points, CI [44.8, 100.0], n=6',
    )
    expect(lines.some((l) => l.startsWith('  pairwise'))).toBe(false)
  })

  it('a skill never invoked: the trigger line gives b’s rate, and the warning is printed with its code', () => {
    const lines = summary(runs6({ skillLoaded: false }))
    expect(lines).toContain(
      '  trigger                  skill invoked: b in 0 of 6 runs (0%), CI [0%, 39%]; a has no skill; lift where b invoked it every round — (n=0), elsewhere +22.5 (n=6)',
    )
    expect(lines.at(-1)).toMatch(
      /^warning: low-trigger-rate — side b invoked the skill in 0 of 6 runs \(0%\), below minTriggerRate 50%: /,
    )
  })

  it('pairwise results: a line for them, each capability judgement marked primary or shown beside', () => {
    const pairwise = Array.from({ length: 6 }, (_, i) => ({
      caseId: `c${i}`,
      round: 1,
      winner: 'b' as const,
    }))
    const lines = summary(
      runs6({ skillLoaded: true }),
      { primary: 'pairwise' },
      { pairwise, baselineHasSkill: true },
    )
    expect(lines[1]).toMatch(/^ {2}capability {2}pass .* n=6 \(shown beside\)$/)
    expect(lines[2]).toBe(
      '  pairwise    pass         b won 6, lost 0, tied 0 cases, p = 0.0313; 6 comparisons, 0 flipped with the order, position consistency 100% (primary)',
    )
    expect(lines).toContain(
      '  trigger                  skill invoked: b in 6 of 6 runs (100%), CI [61%, 100%]; a not known; lift where b invoked it every round +22.5 (n=6), elsewhere — (n=0)',
    )
    expect(lines.filter((l) => l.startsWith('warning:'))).toEqual([])
  })

  it('pairwise with rounds decided by a failed run: the line counts them apart from the comparisons', () => {
    const judged = Array.from({ length: 4 }, (_, i) => ({ caseId: `c${i}`, round: 1, winner: 'b' as const }))
    const runs = runs6().map((r) =>
      r.side === 'b' && r.caseId >= 'c4'
        ? { ...r, score: null, executed: false, failureType: 'timeout' as const }
        : r,
    )
    const lines = summary(runs, { primary: 'pairwise' }, { pairwise: judged })
    expect(lines[2]).toBe(
      '  pairwise    inconclusive b won 4, lost 2, tied 0 cases, p = 0.6875; 4 comparisons, 0 flipped with the order, position consistency 100%, 2 decided by a failed run (primary)',
    )
  })

  it('config warnings come first, each on its own line', () => {
    const judge = { code: 'judge-same-model', message: 'judge.model: the judge uses the agent’s own model' }
    const lines = summary(runs6({ skillLoaded: false }), {}, { warnings: [judge] })
    expect(lines.filter((l) => l.startsWith('warning:')).map((l) => l.split(' — ')[0])).toEqual([
      'warning: judge-same-model',
      'warning: low-trigger-rate',
    ])
  })

  it('warnings already printed (the config’s, before the runs) are not printed again', () => {
    const judge = { code: 'judge-same-model', message: 'judge.model: the judge uses the agent’s own model' }
    const lines = summary(runs6({ skillLoaded: false }), {}, { warnings: [judge] }, CONFIG_WARNING_CODES)
    expect(lines.filter((l) => l.startsWith('warning:')).map((l) => l.split(' — ')[0])).toEqual([
      'warning: low-trigger-rate',
    ])
  })

  it('one spend line per side, the judge and the total when the document has a spend', () => {
    const tokens = { input: 1000, output: 200, reasoning: 0, cacheRead: 5000, cacheWrite: 0, total: 6200 }
    const none = { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0, total: 0 }
    const doc = {
      decision: toExportDecision(decide(runs6(), policy())),
      spend: {
        a: { runs: 6, tokens, costUsd: 0.5, unpriced: 0, wallSeconds: 75 },
        b: { runs: 6, tokens, costUsd: 0.5, unpriced: 0, wallSeconds: 45 },
        judge: { judgements: 12, tokens: none, costUsd: null, unpriced: 12 },
        total: {
          tokens: { ...tokens, input: 2000, cacheRead: 10000, output: 400, total: 12400 },
          costUsd: 1,
          unpriced: 12,
          wallSeconds: 120,
        },
      },
    } as ExportDocument
    const lines = decisionText(doc)
      .trimEnd()
      .split('\n')
      .filter((l) => l.startsWith('  spend'))
    expect(lines).toEqual([
      '  spend a      6 runs               6,200 tokens (in 1,000 · out 200 · reasoning 0 · cache read 5,000 · cache write 0), $0.5000, wall 1 min 15 s',
      '  spend b      6 runs               6,200 tokens (in 1,000 · out 200 · reasoning 0 · cache read 5,000 · cache write 0), $0.5000, wall 45.0 s',
      '  spend judge  12 judgements            0 tokens (in 0 · out 0 · reasoning 0 · cache read 0 · cache write 0), —, wall —',
      '  spend total                      12,400 tokens (in 2,000 · out 400 · reasoning 0 · cache read 10,000 · cache write 0), ≥ $1.00 (12 unpriced), wall 2 min 00 s',
    ])
  })
})
