// Test-only: an app context on a temp data dir whose judge is a stub that counts its calls and scores a
// run from a `score:N` marker in its final output (50 without one). Real store, real engine.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunRow } from '../db'
import { drive } from '../export/task.fixture'
import type { JudgeAttempt } from '../judge/judge-runner'
import { openAppContext, type AppContext } from './app-context'
import { NO_PRICES } from '../../src-shared/prices'

export interface StubWorld {
  ctx: AppContext
  /** Session ids the judge was asked about, in call order (one entry per evaluator call). */
  judged: string[]
  cleanup(): void
}

export function openStubWorld(): StubWorld {
  const dir = mkdtempSync(join(tmpdir(), 'skill-ab-stub-'))
  const ctx = openAppContext({ env: { SKILL_AB_HOME: dir, PATH: process.env.PATH }, kind: 'cli' })
  // Its agents are stubs too (tests swap the driver in): no opencode process prices the models.
  ctx.pricesFor = () => Promise.resolve(NO_PRICES)
  const judged: string[] = []
  ctx.createJudge = () => ({
    evaluate: (_evaluator, input) => {
      const [, session = '?', score = '50'] = /session:(\S+) score:(\d+)/.exec(input.finalOutput) ?? []
      judged.push(session)
      const attempt: JudgeAttempt = {
        status: 'done',
        score: Number(score),
        reason: 'stub judge',
        rawOutput: `{"score": ${score}}`,
        parseStrategy: 'direct_json',
        condensedInput: input.finalOutput,
        tokens: { input: 1, output: 1, reasoning: 0, cacheRead: 0, cacheWrite: 0 },
        costUsd: null,
        sessionId: null,
        retryable: false,
        error: null,
        durationMs: 1,
      }
      return Promise.resolve(attempt)
    },
    compare: () => Promise.reject(new Error('the stub judge does not compare runs')),
    close: async () => {},
  })
  return {
    ctx,
    judged,
    cleanup: () => {
      ctx.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Drives a pending run to `executed` as the trace `sessionId`, whose stub score is `score`. */
export function executeAs(ctx: AppContext, run: RunRow, sessionId: string, score: number): RunRow {
  drive(ctx.store, run.id, 'executed', { sessionId })
  return ctx.store.runs.update(run.id, {
    sessionId,
    finalOutput: `session:${sessionId} score:${score}`,
  }) as RunRow
}
