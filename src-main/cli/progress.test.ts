// The CLI progress line names a failed execution in words.
import { expect, it } from 'vitest'
import type { RunChange } from '../engine/events'
import { formatRunLine } from './progress'

const change = (extra: Partial<RunChange>): RunChange => ({
  id: 'r1',
  taskId: 't1',
  caseId: 'c1',
  round: 1,
  side: 'b',
  status: 'failed',
  failureType: null,
  failureMessage: null,
  durationMs: null,
  totalTokens: null,
  score: null,
  skillLoaded: null,
  withoutEvidence: false,
  ...extra,
})

it('a failed execution line carries the failure label and the provider message', () => {
  expect(
    formatRunLine(
      change({ failureType: 'provider_error', failureMessage: 'APIError (HTTP 429): slow down' }),
      'ran 1/4',
    ),
  ).toBe('[ran 1/4] c1 · round 1 · b  failed (provider error)  APIError (HTTP 429): slow down\n')
  expect(formatRunLine(change({ failureType: 'timeout', failureMessage: 'stopped' }), 'ran 2/4')).toBe(
    '[ran 2/4] c1 · round 1 · b  failed (timeout)  stopped\n',
  )
})
