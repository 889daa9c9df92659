// Shared by the execution-focused suites: a cheap evaluator, and "the run ended with a decision".
import { expect } from 'vitest'
import type { CliResult } from './fixtures'

/**
 * A command evaluator (no judge process): these suites test execution and isolation, and judging with
 * opencode costs a process per run. test/evaluate.test.ts covers the LLM judge.
 */
export const ANSWER_EXISTS = [
  { id: 'answer-exists', kind: 'command', command: 'test -f answer.txt', weight: 1 },
]

/** A `skill-ab run` finished with a decision (exit 0 pass, 1 reject, 3 inconclusive), not an error. */
export function expectDecided(res: CliResult): void {
  expect([0, 1, 3], res.stderr).toContain(res.code)
  expect(res.stderr).toMatch(/decision: (PASS|REJECT|INCONCLUSIVE)/)
}
