// Packaging (README "Desktop app packages"): for each target of electron-builder.json, the files the app
// would ship, resolved with electron-builder's own matchers against out/ and the production node_modules —
// plus every opencode platform package faked, so each target must pick its own binary out of all of them.
import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { platformPackages } from '../src-main/agent/opencode/opencode-packages'
import { PROJECT_ROOT } from './support/fixtures'
import {
  productionPackages,
  shippedFiles,
  targetsOf,
  type BuilderConfig,
  type Target,
} from './support/shipped-files'

const { validateConfiguration } = createRequire(import.meta.url)(
  'app-builder-lib/out/util/config/config.js',
) as {
  validateConfiguration(config: unknown, debugLogger: unknown): Promise<void>
}
const config = JSON.parse(readFileSync(join(PROJECT_ROOT, 'electron-builder.json'), 'utf8')) as BuilderConfig
const NODE_PLATFORM = { mac: 'darwin', win: 'win32', linux: 'linux' } as const
const OPENCODE_OS = { mac: 'darwin', win: 'windows', linux: 'linux' } as const

/** Every opencode platform package name (all platforms, arches, libcs and CPU levels). */
const ALL_OPENCODE = [
  ...new Set(
    (['linux', 'darwin', 'win32'] as const).flatMap((platform) =>
      ['x64', 'arm64'].flatMap((arch) =>
        [true, false].flatMap((avx2) =>
          [true, false].flatMap((musl) => platformPackages({ platform, arch, avx2, musl })),
        ),
      ),
    ),
  ),
]

let project = ''
let packages: string[] = []
beforeAll(() => {
  if (!existsSync(join(PROJECT_ROOT, 'out', 'main', 'index.js')))
    execFileSync(
      process.execPath,
      [join(PROJECT_ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
      {
        cwd: PROJECT_ROOT,
        stdio: 'ignore',
      },
    )
  // The project as the build machine sees it: out/ and the real production packages, and every opencode
  // platform package (only this machine's is really installed), each with its binary.
  project = mkdtempSync(join(tmpdir(), 'skill-ab-pack-'))
  copyFileSync(join(PROJECT_ROOT, 'package.json'), join(project, 'package.json'))
  symlinkSync(join(PROJECT_ROOT, 'out'), join(project, 'out'))
  const real = productionPackages(PROJECT_ROOT).filter((p) => !/node_modules\/opencode-/.test(p))
  for (const pkg of real) {
    mkdirSync(dirname(join(project, pkg)), { recursive: true })
    if (!existsSync(join(project, pkg))) symlinkSync(join(PROJECT_ROOT, pkg), join(project, pkg))
  }
  for (const name of ALL_OPENCODE) {
    const bin = join(project, 'node_modules', name, 'bin')
    mkdirSync(bin, { recursive: true })
    writeFileSync(join(project, 'node_modules', name, 'package.json'), JSON.stringify({ name }))
    const exe = join(bin, name.startsWith('opencode-windows') ? 'opencode.exe' : 'opencode')
    writeFileSync(exe, '')
    chmodSync(exe, 0o755)
  }
  packages = [...real, ...ALL_OPENCODE.map((n) => `node_modules/${n}`)]
}, 180_000)
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true })
})

describe('electron-builder.json', () => {
  it('is valid for electron-builder; builds dmg for arm64 and x64, nsis, AppImage and deb; no native rebuild; fuses set', async () => {
    await expect(validateConfiguration(config, { isEnabled: false, add() {} })).resolves.toBeUndefined()
    const targets = targetsOf(config).map((t) => `${t.os}-${t.arch}: ${t.formats.join(', ')}`)
    expect(targets).toEqual(
      expect.arrayContaining(['mac-arm64: dmg', 'mac-x64: dmg', 'win-x64: nsis', 'linux-x64: AppImage, deb']),
    )
    expect(config.npmRebuild).toBe(false)
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // The renderer is served from app://renderer (src-main/electron/app-protocol.ts), never file://.
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it.each(targetsOf(config).map((t): [string, Target] => [`${t.os}-${t.arch}`, t]))(
    '%s ships the built app, production packages, its own sqlite module and opencode binary, unpacked',
    (_name, target) => {
      const shipped = shippedFiles(config, project, packages, target)
      expect(shipped.app).toEqual(
        expect.arrayContaining([
          'package.json',
          'out/main/index.js',
          'out/preload/index.cjs',
          'out/renderer/index.html',
        ]),
      )
      // Only what the app loads: no sources, tests, CLI bundle or dev tools.
      expect(
        shipped.app.filter((f) => !/^(package\.json$|out\/(main|preload|renderer)\/|node_modules\/)/.test(f)),
      ).toEqual([])
      for (const dev of ['electron', 'electron-builder', 'vitest', 'typescript', 'node'])
        expect(shipped.app.some((f) => f.startsWith(`node_modules/${dev}/`))).toBe(false)
      expect(shipped.app).toEqual(
        expect.arrayContaining(['node_modules/react/package.json', 'node_modules/kysely/package.json']),
      )
      // better-sqlite3: the Node-API prebuild of this platform and arch only, outside the archive.
      const sqlite = `node_modules/better-sqlite3/prebuilds/${NODE_PLATFORM[target.os]}-${target.arch}.node`
      expect(shipped.app.filter((f) => f.endsWith('.node'))).toEqual([sqlite])
      // opencode: this target's package(s) only (the AVX2 and baseline builds on x64), outside the archive.
      const os = OPENCODE_OS[target.os]
      const exe = target.os === 'win' ? 'opencode.exe' : 'opencode'
      const own = platformPackages({
        platform: NODE_PLATFORM[target.os],
        arch: target.arch,
        avx2: true,
        musl: false,
      })
      expect(shipped.app.filter((f) => f.includes('/bin/opencode'))).toEqual(
        own.map((p) => `node_modules/${p}/bin/${exe}`).sort(),
      )
      expect(own.every((p) => p.startsWith(`opencode-${os}-${target.arch}`))).toBe(true)
      expect(shipped.unpacked).toEqual([sqlite, ...own.map((p) => `node_modules/${p}/bin/${exe}`)].sort())
      expect(shipped.resources).toEqual([])
    },
  )
})
