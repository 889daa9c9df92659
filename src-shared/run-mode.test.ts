// What a plain start or resume executes again: runs with no result about the agent.
import { describe, expect, it } from 'vitest'
import { executesOnResume } from './run-mode'
import { FAILURE_TYPES, type FailureType, type RunStatus } from './run-state'

const resumes = (status: RunStatus, failureType: FailureType | null = null) =>
  executesOnResume({ status, failureType })

describe('executesOnResume', () => {
  it('executes what never ran, was canceled, was interrupted, or failed at the model provider', () => {
    expect(resumes('pending')).toBe(true)
    expect(resumes('canceled', 'canceled')).toBe(true)
    expect(resumes('failed', 'interrupted')).toBe(true)
    expect(resumes('failed', 'provider_error')).toBe(true)
  })

  it("keeps the agent's own failures (results), launch failures, evaluation failures and finished runs", () => {
    const kept = FAILURE_TYPES.filter((t) => !['interrupted', 'provider_error', 'canceled'].includes(t))
    expect(kept).toEqual(['agent_error', 'timeout', 'crashed', 'spawn_failed', 'judge_tampering'])
    for (const t of kept) expect(resumes('failed', t), t).toBe(false)
    expect(resumes('failed', null)).toBe(false)
    for (const s of ['running', 'executed', 'evaluating', 'scored'] as const)
      expect(resumes(s), s).toBe(false)
  })
})
