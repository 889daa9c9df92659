import { describe, expect, it } from 'vitest'
import { forbiddenKey } from './json-keys'

describe('forbiddenKey', () => {
  it('finds __proto__, constructor and prototype as own keys of parsed JSON, with their path', () => {
    expect(forbiddenKey(JSON.parse('{"a": [1, {"b": {"__proto__": {"x": 1}}}]}'))).toEqual({
      field: 'a[1].b.__proto__',
      key: '__proto__',
    })
    expect(forbiddenKey(JSON.parse('[{"constructor": 1}]'))).toEqual({
      field: '[0].constructor',
      key: 'constructor',
    })
    expect(forbiddenKey(JSON.parse('{"prototype": null}'))?.field).toBe('prototype')
    expect(forbiddenKey(JSON.parse('{"proto": 1, "a": ["__proto__"]}'))).toBeNull()
  })

  it('walks a deep nesting without overflowing the stack', () => {
    const depth = 200_000
    const deep = JSON.parse(`${'['.repeat(depth)}{"__proto__": 1}${']'.repeat(depth)}`) as unknown
    expect(forbiddenKey(deep)?.key).toBe('__proto__')
  })
})
