import { describe, expect, it } from 'vitest'
import { formatDollars, formatUsd } from './spend-format'

describe('formatUsd', () => {
  it.each([
    [12.345, '$12.35'],
    [1, '$1.00'],
    [0.0123, '$0.0123'],
    [0.0001, '$0.0001'],
    [0, '$0.0000'],
    // Below $0.0001: two significant digits, never "$0.0000".
    [0.000001, '$0.000001'],
    [0.0000012345, '$0.0000012'],
    [0.00009996, '$0.0001'],
    [3e-9, '$0.000000003'],
  ])('%s → %s', (usd, text) => {
    expect(formatUsd(usd)).toBe(text)
  })

  it('is what spend rows show', () => {
    expect(formatDollars({ costUsd: 0.0000042, unpriced: 1 })).toBe('≥ $0.0000042 (1 unpriced)')
  })
})
