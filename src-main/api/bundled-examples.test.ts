// The bundled example fills both forms: the A/B task's and the trigger evaluation's (its two pirate-speak
// descriptions and a trigger set with queries for and against the skill), each a config that loads.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { parseTriggerConfig } from '../inputs/load-trigger-config'
import { loadTriggerSet } from '../inputs/trigger-set'
import { openTestHost, type TestHost } from './host.fixture'

let t: TestHost
beforeEach(() => {
  t = openTestHost()
})
afterEach(() => t.cleanup())

it('offers a trigger evaluation of the bundled skill: two descriptions and a set with queries for and against it', async () => {
  const { config } = await t.ok<{ config: Record<string, unknown> }>('examples.triggers', {})
  const loaded = parseTriggerConfig({ ...config, agent: { model: 'p/m' } }, null, { env: t.ctx.env })
  expect(loaded.config.compareWith).toBeDefined()
  const set = loadTriggerSet(loaded.config.triggerSet.path)
  const should = set.queries.filter((q) => q.shouldTrigger).length
  expect([should, set.queries.length - should]).toEqual([4, 4])
})
