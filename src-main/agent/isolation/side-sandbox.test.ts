// A side's sandbox from `agent.sandbox`, the machine and the provider config: on with a policy, off with why
// (and a refusal when it is "required"), and the policy's reads, writes and hosts.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sandboxSupport } from './sandbox'
import { hostOf, providerHosts } from './sandbox-policy'
import { sideSandbox, sandboxWords } from './side-sandbox'
import type { SideSpec } from '../types'

const spec = (mode: 'auto' | 'required' | 'off', model = 'scripted/agent'): SideSpec => ({
  side: 'b',
  skill: null,
  skillUnderTest: 'pirate',
  model,
  runRoot: '/data/tmp',
  timeoutSec: 60,
  idleTimeoutSec: 30,
  sealed: { files: ['/cases/evals/evals.json'], folders: ['/cases/evals'] },
  sandbox: { mode, hidden: ['/work/skills/pirate', '/work/task.json'] },
})
const config = { provider: { scripted: { options: { baseURL: 'http://127.0.0.1:4010/v1' } } } }
const userConfig = {
  sources: [],
  config,
  providers: ['scripted'],
  envRefs: [],
  fileRefs: [],
  literals: [],
  dropped: [],
}
const input = (s: SideSpec, platform?: NodeJS.Platform) => ({
  spec: s,
  userConfig,
  providers: ['scripted'],
  env: { HOME: '/home/me' },
  readable: ['/opt/opencode/bin'],
  ...(platform ? { platform } : {}),
})

describe('a side sandbox', () => {
  it('"off" is the user\'s choice: no policy, said so, never refused', () => {
    const state = sideSandbox(input(spec('off')))
    expect(state).toEqual({ policy: null, detail: 'agent.sandbox is "off"', refusal: null })
    expect(sandboxWords(state)).toBe('off: agent.sandbox is "off"')
  })

  it('where the OS has none, "auto" runs without it and "required" refuses, both saying why', () => {
    const auto = sideSandbox(input(spec('auto'), 'win32'))
    expect(auto.policy).toBeNull()
    expect(auto.detail).toBe('no OS sandbox for win32 yet (Linux has one)')
    expect(auto.refusal).toBeNull()
    expect(sideSandbox(input(spec('auto'), 'darwin')).detail).toBe(
      'the OS sandbox is built for Linux so far (macOS: not yet)',
    )
    const required = sideSandbox(input(spec('required'), 'win32'))
    expect(required.refusal).toBe(
      'agent.sandbox is "required", but the sandbox cannot be on: no OS sandbox for win32 yet (Linux has one)',
    )
  })

  it.runIf(sandboxSupport().ok)(
    'on: hides the data dir, the answer key, the skills and the task file, and the secret places; reaches only the provider',
    () => {
      const state = sideSandbox(input(spec('auto')))
      expect(sandboxWords(state)).toMatch(/^on \(bubblewrap /)
      const policy = state.policy
      expect(policy?.denyRead).toEqual(
        expect.arrayContaining([
          '/data',
          '/cases/evals/evals.json',
          '/cases/evals',
          '/work/skills/pirate',
          '/work/task.json',
          join('/home/me', '.ssh'),
          join('/home/me', '.aws'),
        ]),
      )
      expect(policy?.allowRead).toEqual(['/opt/opencode/bin'])
      expect(policy?.allowWrite).toEqual([])
      expect(policy?.allowedHosts).toEqual(['127.0.0.1:4010'])
    },
  )

  it.runIf(sandboxSupport().ok)(
    'a provider it cannot place keeps the sandbox off (and "required" refuses)',
    () => {
      const state = sideSandbox({ ...input(spec('required', 'acme/model')), providers: ['acme'] })
      expect(state.policy).toBeNull()
      expect(state.refusal).toContain(
        'skill-ab does not know where acme is: set provider.<id>.options.baseURL',
      )
    },
  )
})

describe('provider hosts', () => {
  it('takes the baseURL (with {env:…}) or the built-in endpoint, and names a provider with neither', () => {
    const cfg = { provider: { local: { options: { baseURL: 'http://{env:LLM_HOST}/v1' } } } }
    expect(providerHosts(['local', 'anthropic', 'acme'], cfg, { LLM_HOST: 'llm.lan:8080' })).toEqual({
      hosts: ['llm.lan:8080', 'api.anthropic.com:443'],
      unknown: ['acme'],
    })
    expect(hostOf('https://api.example.com/v1')).toBe('api.example.com:443')
    expect(hostOf('http://[::1]:9000')).toBe('::1:9000')
    expect(hostOf('not a url')).toBeNull()
  })
})
