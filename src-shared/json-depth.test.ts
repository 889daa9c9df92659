import { describe, expect, it } from 'vitest'
import { depthProblem, MAX_JSON_DEPTH, nestsDeeperThan, tooDeepAt } from './json-depth'

const nested = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`)

describe('json depth', () => {
  it('counts levels without recursion: 64 pass, 65 do not, 100 000 do not overflow the stack', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false)
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(nestsDeeperThan(nested(100_000))).toBe(true)
    expect(nestsDeeperThan({ a: 'text', b: 1, c: null })).toBe(false)
  })

  it('names the field the deep run starts under', () => {
    expect(tooDeepAt({ a: { b: nested(70) } })?.slice(0, 3)).toEqual(['a', 'b', 0])
    expect(depthProblem({ agent: { x: nested(100) } })).toEqual({
      field: 'agent.x',
      message: 'agent.x: nests deeper than 64 levels (lists and objects inside each other)',
    })
    expect(depthProblem(nested(100))?.message).toBe(
      'nests deeper than 64 levels (lists and objects inside each other)',
    )
    expect(depthProblem({ ok: [1, [2]] })).toBeNull()
  })
})
