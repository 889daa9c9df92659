// Where a model's prices come from: the user's opencode config, else opencode's verbose model list.
import { describe, expect, it } from 'vitest'
import { configuredPrices, parseVerboseModels } from './model-prices'

const model = (id: string, cost: unknown) =>
  `scripted/${id}\n${JSON.stringify({ id, providerID: 'scripted', cost, limit: { context: 1 } }, null, 2)}\n`

describe('parseVerboseModels (`opencode models <provider> --verbose`)', () => {
  it('reads each model\'s cost per 1M tokens; an all-zero cost (opencode\'s "none given") is unknown', () => {
    const out = parseVerboseModels(
      model('agent', { input: 3, output: 15, cache: { read: 0.3, write: 3.75 } }) +
        model('free', { input: 0, output: 0, cache: { read: 0, write: 0 } }),
    )
    expect(out.get('scripted/agent')).toEqual({ input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 })
    expect(out.has('scripted/free')).toBe(true)
    expect(out.get('scripted/free')).toBeNull()
  })
})

describe("configuredPrices (the user's opencode config)", () => {
  const config = {
    provider: {
      mine: {
        npm: '@ai-sdk/openai-compatible',
        models: { paid: { cost: { input: 1, output: 2 } }, free: {} },
      },
      anthropic: { models: { 'claude-x': { name: 'override' } } },
    },
  }
  it('prices a model the config prices; a model of its own provider without cost is unknown', () => {
    expect(configuredPrices(config, 'mine/paid')).toEqual({
      input: 1,
      output: 2,
      cacheRead: 0,
      cacheWrite: 0,
    })
    expect(configuredPrices(config, 'mine/free')).toBeNull()
  })
  it("says nothing of a catalog provider's model without cost (opencode's catalog may price it)", () => {
    expect(configuredPrices(config, 'anthropic/claude-x')).toBeUndefined()
    expect(configuredPrices(null, 'anthropic/claude-x')).toBeUndefined()
  })
})
