// Unit tests of the agent env (allow-list, never the parent's HOME/XDG) and OPENCODE_CONFIG_CONTENT.
import { describe, expect, it } from 'vitest'
import {
  buildConfigContent,
  buildRunEnv,
  DISABLE_FLAGS,
  providerTimeoutMs,
  type PrivateDirs,
} from './run-env'

const dirs: PrivateDirs = {
  root: '/r',
  home: '/r/home',
  config: '/r/config',
  data: '/r/data',
  cache: '/r/cache',
  state: '/r/state',
  tmp: '/r/tmp',
}

describe('buildRunEnv', () => {
  it('is built from an allow-list with private HOME/XDG/TMPDIR and every escape hatch', () => {
    const env = buildRunEnv({
      parent: {
        PATH: '/bin',
        HOME: '/home/u',
        XDG_CONFIG_HOME: '/home/u/.config',
        TMPDIR: '/tmp',
        OPENCODE_CONFIG_DIR: '/home/u/oc',
        OPENAI_API_KEY: 'sk-1',
        MY_GATEWAY_BASE_URL: 'http://gw',
        AWS_REGION: 'eu-west-1',
        npm_config_registry: 'http://registry',
        NODE_OPTIONS: '--inspect',
        SECRET_FOR_CONFIG: 'from-config',
        RANDOM: 'x',
      },
      dirs,
      configFile: '/r/provider.json',
      configContent: { share: 'disabled' },
      envRefs: ['SECRET_FOR_CONFIG', 'HOME'],
      marker: '/r',
    })
    expect(env).toMatchObject({
      PATH: '/bin',
      HOME: '/r/home',
      XDG_CONFIG_HOME: '/r/config',
      XDG_DATA_HOME: '/r/data',
      XDG_CACHE_HOME: '/r/cache',
      XDG_STATE_HOME: '/r/state',
      TMPDIR: '/r/tmp',
      OPENAI_API_KEY: 'sk-1',
      MY_GATEWAY_BASE_URL: 'http://gw',
      AWS_REGION: 'eu-west-1',
      SECRET_FOR_CONFIG: 'from-config',
      OPENCODE_CONFIG: '/r/provider.json',
      OPENCODE_CONFIG_CONTENT: '{"share":"disabled"}',
      SKILL_AB_RUN: '/r',
    })
    for (const flag of DISABLE_FLAGS) expect(env[flag]).toBe('1')
    for (const gone of ['OPENCODE_CONFIG_DIR', 'npm_config_registry', 'NODE_OPTIONS', 'RANDOM'])
      expect(env[gone]).toBeUndefined()
  })

  it('on Windows, keeps Path and the system variables whatever their case, and makes home, app data and temp private', () => {
    const env = buildRunEnv(
      {
        parent: {
          Path: 'C:\\Windows\\system32;C:\\Program Files\\Git\\cmd',
          SystemRoot: 'C:\\Windows',
          ComSpec: 'C:\\Windows\\system32\\cmd.exe',
          PATHEXT: '.COM;.EXE;.BAT;.CMD',
          USERPROFILE: 'C:\\Users\\ada',
          APPDATA: 'C:\\Users\\ada\\AppData\\Roaming',
          LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local',
          HOMEPATH: '\\Users\\ada',
          TEMP: 'C:\\Users\\ada\\AppData\\Local\\Temp',
          OpenAI_API_Key: 'sk-1',
          PSModulePath: 'C:\\x',
        },
        dirs,
        configFile: null,
        configContent: {},
        envRefs: ['USERPROFILE'],
        marker: '/r',
      },
      'win32',
    )
    expect(env).toMatchObject({
      PATH: 'C:\\Windows\\system32;C:\\Program Files\\Git\\cmd',
      SYSTEMROOT: 'C:\\Windows',
      COMSPEC: 'C:\\Windows\\system32\\cmd.exe',
      PATHEXT: '.COM;.EXE;.BAT;.CMD',
      OPENAI_API_KEY: 'sk-1',
      HOME: '/r/home',
      USERPROFILE: '/r/home',
      APPDATA: '/r/config',
      LOCALAPPDATA: '/r/data',
      TEMP: '/r/tmp',
      TMP: '/r/tmp',
    })
    // One spelling per variable (Windows would see two PATHs), and nothing of the user's profile.
    expect(Object.keys(env).filter((k) => k.toUpperCase() === 'PATH')).toEqual(['PATH'])
    for (const gone of ['Path', 'HOMEPATH', 'PSMODULEPATH', 'PSModulePath']) expect(env[gone]).toBeUndefined()
  })
})

describe('buildConfigContent', () => {
  it('lists skills only for a side with one and sets every provider timeout', () => {
    const b = buildConfigContent({
      skillsPath: '/d/skills/p/h',
      providers: ['x', 'y', 'x'],
      idleTimeoutSec: 120,
      tmpDir: '/r/tmp',
    })
    expect(b).toMatchObject({ share: 'disabled', autoupdate: false, lsp: false, formatter: false })
    expect(b.skills).toEqual({ paths: ['/d/skills/p/h'], urls: [] })
    expect(b.provider).toEqual({
      x: { options: { headerTimeout: 110_000, chunkTimeout: 110_000 } },
      y: { options: { headerTimeout: 110_000, chunkTimeout: 110_000 } },
    })
    const perms = b.permission as Record<string, unknown>
    expect(perms.external_directory).toEqual({ '*': 'deny', '/r/tmp/*': 'allow', '/d/skills/p/h/*': 'allow' })
    expect(
      Object.values(perms).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v as object))),
    ).not.toContain('ask')
    const a = buildConfigContent({ skillsPath: null, providers: [], idleTimeoutSec: 120, tmpDir: '/r/tmp' })
    expect(a.skills).toEqual({ paths: [], urls: [] })
  })

  it('provider timeouts stay under the no-progress limit', () => {
    expect(providerTimeoutMs(8)).toBe(6400)
    expect(providerTimeoutMs(1)).toBe(1000)
    expect(providerTimeoutMs(600)).toBe(590_000)
  })
})
