// Spends and savings of shards add up key by key; a dollar figure nobody knew stays null.
import { describe, expect, it } from 'vitest'
import { sumFigures } from './sum-figures'

describe('sumFigures', () => {
  it('adds numbers key by key, nested; null counts as none known', () => {
    const a = { runs: 2, usd: null, tokens: { input: 10, output: 1 } }
    const b = { runs: 3, usd: 0.5, tokens: { input: 5, output: 0 } }
    const c = { runs: 1, usd: null, tokens: { input: 1, output: 1 } }
    expect(sumFigures([a, b, c])).toEqual({ runs: 6, usd: 0.5, tokens: { input: 16, output: 2 } })
    expect(sumFigures([a, c])).toEqual({ runs: 3, usd: null, tokens: { input: 11, output: 2 } })
    expect(sumFigures([])).toBeUndefined()
  })
})
