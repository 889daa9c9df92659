// Unit tests of reading the user's opencode config down to providers/models.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadUserConfig, userAuthFile } from './user-config'

let dir = ''
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('loadUserConfig', () => {
  it('keeps providers/models, drops skills/agents, absolutises {file:} and lists {env:} refs', () => {
    dir = mkdtempSync(join(tmpdir(), 'ucfg-'))
    const file = join(dir, 'opencode.jsonc')
    writeFileSync(
      file,
      `{
        // comments and trailing commas are fine
        "model": "p/m",
        "skills": { "paths": ["/leak"] },
        "agent": { "x": {} },
        "provider": { "p": { "options": { "apiKey": "{env:P_KEY}", "token": "literal-secret", "cert": "{file:./ca.pem}" } } },
      }`,
    )
    const c = loadUserConfig(file, { HOME: '/home/u' })
    expect(c.sources).toEqual([file])
    expect(c.providers).toEqual(['p'])
    expect(c.envRefs).toEqual(['P_KEY'])
    expect(c.literals).toEqual([{ field: 'provider.p.options.token', value: 'literal-secret' }])
    expect(c.fileRefs).toEqual([join(dir, 'ca.pem')])
    expect(c.dropped.sort()).toEqual(['agent', 'skills'])
    expect(c.config).toEqual({
      model: 'p/m',
      provider: {
        p: {
          options: { apiKey: '{env:P_KEY}', token: 'literal-secret', cert: `{file:${join(dir, 'ca.pem')}}` },
        },
      },
    })
  })

  it('falls back to OPENCODE_CONFIG, then to the real global config; none is fine', () => {
    dir = mkdtempSync(join(tmpdir(), 'ucfg-'))
    expect(loadUserConfig(undefined, { HOME: dir }).config).toBeNull()
    mkdirSync(join(dir, '.config', 'opencode'), { recursive: true })
    writeFileSync(join(dir, '.config', 'opencode', 'opencode.json'), '{"provider":{"g":{}}}')
    expect(loadUserConfig(undefined, { HOME: dir }).providers).toEqual(['g'])
    writeFileSync(join(dir, 'env.json'), '{"provider":{"e":{}}}')
    expect(
      loadUserConfig(undefined, { HOME: dir, OPENCODE_CONFIG: join(dir, 'env.json') }).providers,
    ).toEqual(['e'])
    expect(() => loadUserConfig(join(dir, 'missing.json'), { HOME: dir })).toThrow(
      /opencode config not found/,
    )
    expect(userAuthFile({ HOME: dir })).toBeNull()
  })

  it('refuses a malformed config at its line and column instead of repairing it', () => {
    dir = mkdtempSync(join(tmpdir(), 'ucfg-'))
    const file = join(dir, 'opencode.json')
    writeFileSync(file, '{\n  "provider": {\n    "p": { "options": { "baseURL": "http://x" }\n  }\n')
    expect(() => loadUserConfig(file, { HOME: dir })).toThrow(
      /opencode\.json line 5, column 1: malformed opencode config \(unexpected end of the text: expected ',' or '}'\)/,
    )
    writeFileSync(file, '{"provider": {"p": {"options": {"timeout": 1e999}}}}')
    expect(() => loadUserConfig(file, { HOME: dir })).toThrow(
      /line 1, column 44: .*the number 1e999 is too large/,
    )
  })
})
