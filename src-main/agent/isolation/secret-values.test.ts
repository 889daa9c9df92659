// Secrets by value: what the user gives the agent through the opencode config and the environment is
// redacted wherever it appears, whatever its variable is called; what the app sets itself is not.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { REDACTED } from './redact'
import { secretRedactor, secretSources, secretSourcesFor, shortSecretWarnings } from './secret-values'
import { loadUserConfig } from '../opencode/user-config'

const AUTH = 'corp-auth-7f3a9c1e5b'
const BEARER = 'lit3ral-bearer-0a1b2c3d'
const FILE_KEY = 'file-key-99887766'
const PROVIDER = 'sk-openai-1234567890'

let dir = ''
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function config(options: Record<string, unknown>): string {
  dir = mkdtempSync(join(tmpdir(), 'secrets-'))
  const file = join(dir, 'opencode.json')
  writeFileSync(file, JSON.stringify({ provider: { corp: { options } } }))
  return file
}

describe('secret values', () => {
  it('env references, literal headers and keys, {file:} contents and provider variables are redacted by value', () => {
    const file = config({
      baseURL: 'http://127.0.0.1:4010/v1',
      apiKey: '{env:MYCORP_LLM_AUTH}',
      headers: {
        Authorization: `Bearer ${BEARER}`,
        'x-team': 'platform-team',
        'x-run': '{env:SKILL_AB_RUN}',
        'x-home': '{env:HOME}',
        'anthropic-version': '2023-06-01',
        'User-Agent': 'mycorp-client/1.0',
      },
      fileKey: '{file:./key.txt}',
    })
    writeFileSync(join(dir, 'key.txt'), `${FILE_KEY}\n`)
    const env = {
      HOME: dir,
      PATH: '/usr/local/bin:/usr/bin',
      MYCORP_LLM_AUTH: AUTH,
      OPENAI_API_KEY: PROVIDER,
      OPENAI_BASE_URL: 'http://proxy.local/v1',
      AWS_REGION: 'eu-central-1',
      SKILL_AB_OWNER: 'instance-123456789',
      SKILL_AB_RUN: 'run-tag-abcdef123',
      UNRELATED_VALUE: 'not-given-to-the-agent',
    }
    const { redact, secrets } = secretRedactor(secretSources(loadUserConfig(file, env), env))
    const dump = [
      `MYCORP_LLM_AUTH=${AUTH}`,
      `OPENAI_API_KEY=${PROVIDER}`,
      `"Authorization": "Bearer ${BEARER}"`,
      `token alone: ${BEARER}`,
      `key: ${FILE_KEY}`,
      'x-team: platform-team',
    ].join('\n')
    const out = redact({ text: dump, nested: [dump] })
    for (const value of [AUTH, BEARER, FILE_KEY, PROVIDER, 'platform-team'])
      expect(JSON.stringify(out), value).not.toContain(value)
    expect(out.text).toContain(`MYCORP_LLM_AUTH=${REDACTED}`)
    // Settings and the app's own values stay readable.
    for (const kept of [
      '/usr/local/bin',
      'proxy.local',
      'eu-central-1',
      'instance-123456789',
      'run-tag-abcdef123',
      dir,
      '127.0.0.1',
      '2023-06-01',
      'mycorp-client/1.0',
    ])
      expect(
        secrets.some((s) => s.includes(kept)),
        kept,
      ).toBe(false)
    expect(secrets).not.toContain('not-given-to-the-agent')
  })

  it('a value holding a quote is also found in its JSON-escaped form', () => {
    const file = config({ apiKey: 'quo"ted\\secret-123' })
    const { redact } = secretRedactor(secretSources(loadUserConfig(file, { HOME: dir }), { HOME: dir }))
    expect(redact(JSON.stringify({ apiKey: 'quo"ted\\secret-123' }))).toBe(`{"apiKey":"${REDACTED}"}`)
  })

  it('a referenced value shorter than 8 characters is warned about, named, and not redacted', () => {
    const file = config({ apiKey: '{env:MYCORP_PIN}', headers: { 'x-key': 'abc' } })
    const env = { HOME: dir, MYCORP_PIN: '12345', OPENAI_API_KEY: 'sk-1', AWS_REGION: 'x' }
    const sources = secretSourcesFor(file, env)
    expect(shortSecretWarnings(sources)).toEqual([
      expect.stringMatching(
        /^the value of \{env:MYCORP_PIN\} \(read by the opencode config\) is 5 characters long, too short to be redacted safely/,
      ),
      expect.stringMatching(
        /^the value of provider\.corp\.options\.headers\.x-key of the opencode config is 3 characters/,
      ),
      expect.stringMatching(/^the value of OPENAI_API_KEY is 4 characters/),
    ])
    expect(secretRedactor(sources).secrets).toEqual([])
  })
})
