// Unit tests of finding the opencode binary: SKILL_AB_OPENCODE_BIN → bundled platform package → PATH.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findOnPath, findOpencodeBin, opencodeVersion } from './opencode-bin'
import {
  missingOpencodeMessage,
  PINNED_OPENCODE_VERSION,
  PINNED_PACKAGES,
  platformPackages,
  versionNote,
  type Machine,
} from './opencode-packages'

let dir = ''

/** A platform package folder: package.json and an executable `bin/<exe>`. */
function fakePackage(folder: string, exe: string): void {
  mkdirSync(join(folder, 'bin'), { recursive: true })
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: folder.split(/[\\/]/).pop() }))
  writeFileSync(join(folder, 'bin', exe), '#!/bin/sh\n')
  chmodSync(join(folder, 'bin', exe), 0o755)
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('findOpencodeBin', () => {
  it('prefers the env variable, then the bundled package, then PATH', () => {
    dir = mkdtempSync(join(tmpdir(), 'ocbin-'))
    const onPath = join(dir, 'bin')
    mkdirSync(onPath)
    writeFileSync(join(onPath, 'opencode'), '#!/bin/sh\n')
    chmodSync(join(onPath, 'opencode'), 0o755)
    const empty = join(dir, 'nothing-installed')
    mkdirSync(empty)
    expect(findOpencodeBin({ env: { SKILL_AB_OPENCODE_BIN: '/x/opencode', PATH: onPath } })).toMatchObject({
      path: '/x/opencode',
      source: 'env',
    })
    const bundled = findOpencodeBin({ env: { PATH: onPath } })
    if (process.platform === 'linux' && process.arch === 'x64') {
      expect(bundled?.source).toBe('bundled')
      expect(bundled?.path).toMatch(/opencode-linux-x64(-baseline)?\/bin\/opencode$/)
    }
    expect(findOpencodeBin({ env: { PATH: onPath }, fromDirs: [empty] })).toEqual({
      path: join(onPath, 'opencode'),
      source: 'path',
      detail: onPath,
    })
    expect(findOpencodeBin({ env: { PATH: empty }, fromDirs: [empty] })).toBeNull()
  })

  it('finds the package of each platform and arch in fake package folders', () => {
    dir = mkdtempSync(join(tmpdir(), 'ocbin-'))
    const modules = join(dir, 'app')
    for (const [pkg, exe] of [
      ['opencode-darwin-arm64', 'opencode'],
      ['opencode-darwin-x64', 'opencode'],
      ['opencode-darwin-x64-baseline', 'opencode'],
      ['opencode-linux-arm64-musl', 'opencode'],
      ['opencode-windows-x64', 'opencode.exe'],
      ['opencode-windows-arm64', 'opencode'],
    ] as const)
      fakePackage(join(modules, 'node_modules', pkg), exe)
    const find = (m: Partial<Machine>): string | null =>
      findOpencodeBin({
        env: { PATH: '' },
        fromDirs: [modules],
        machine: { platform: 'linux', arch: 'x64', avx2: true, musl: false, ...m },
      })?.detail ?? null
    expect(find({ platform: 'darwin', arch: 'arm64' })).toBe('opencode-darwin-arm64')
    expect(find({ platform: 'darwin', arch: 'x64' })).toBe('opencode-darwin-x64')
    expect(find({ platform: 'darwin', arch: 'x64', avx2: false })).toBe('opencode-darwin-x64-baseline')
    expect(find({ platform: 'linux', arch: 'arm64', musl: true })).toBe('opencode-linux-arm64-musl')
    expect(find({ platform: 'linux', arch: 'arm64' })).toBeNull()
    expect(find({ platform: 'win32', arch: 'x64' })).toBe('opencode-windows-x64')
    // A Windows package must hold opencode.exe.
    expect(find({ platform: 'win32', arch: 'arm64' })).toBeNull()
    expect(find({ platform: 'freebsd', arch: 'x64' })).toBeNull()
  })

  it('in the packaged app, runs the binary unpacked beside app.asar', () => {
    dir = mkdtempSync(join(tmpdir(), 'ocbin-'))
    const resources = join(dir, 'Skill A-B.app', 'Contents', 'Resources')
    const inAsar = join(resources, 'app.asar', 'node_modules', 'opencode-darwin-arm64')
    mkdirSync(inAsar, { recursive: true })
    writeFileSync(join(inAsar, 'package.json'), JSON.stringify({ name: 'opencode-darwin-arm64' }))
    fakePackage(join(resources, 'app.asar.unpacked', 'node_modules', 'opencode-darwin-arm64'), 'opencode')
    const found = findOpencodeBin({
      env: { PATH: '' },
      fromDirs: [join(resources, 'app.asar', 'out', 'main')],
      machine: { platform: 'darwin', arch: 'arm64', avx2: true, musl: false },
    })
    expect(found?.path).toBe(
      join(resources, 'app.asar.unpacked', 'node_modules', 'opencode-darwin-arm64', 'bin', 'opencode'),
    )
  })

  it('on Windows, looks for opencode.exe in the ;-separated PATH', () => {
    dir = mkdtempSync(join(tmpdir(), 'ocbin-'))
    const [shim, exe] = [join(dir, 'npm'), join(dir, 'scoop')]
    fakePackage(shim, 'opencode')
    fakePackage(exe, 'opencode.exe')
    const path = `${join(shim, 'bin')};${join(exe, 'bin')}`
    expect(findOnPath('opencode', path, 'win32')).toBe(join(exe, 'bin', 'opencode.exe'))
    expect(findOnPath('opencode', path, 'linux')).toBeNull()
  })

  it('names every platform package opencode-ai lists, and pins those published at the pinned version', () => {
    const names = new Set<string>()
    for (const platform of ['linux', 'darwin', 'win32'] as const)
      for (const arch of ['x64', 'arm64'])
        for (const avx2 of [true, false])
          for (const musl of [true, false])
            for (const name of platformPackages({ platform, arch, avx2, musl })) names.add(name)
    // `npm view opencode-ai@1.18.33 optionalDependencies`
    expect([...names].sort()).toEqual(
      [
        'opencode-darwin-arm64',
        'opencode-darwin-x64',
        'opencode-darwin-x64-baseline',
        'opencode-linux-arm64',
        'opencode-linux-arm64-musl',
        'opencode-linux-x64',
        'opencode-linux-x64-baseline',
        'opencode-linux-x64-baseline-musl',
        'opencode-linux-x64-musl',
        'opencode-windows-arm64',
        'opencode-windows-x64',
        'opencode-windows-x64-baseline',
      ].sort(),
    )
    expect(platformPackages({ platform: 'linux', arch: 'x64', avx2: false, musl: false })).toEqual([
      'opencode-linux-x64-baseline',
    ])
    const pkg = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8'),
    ) as {
      optionalDependencies: Record<string, string>
    }
    expect(pkg.optionalDependencies).toEqual(
      Object.fromEntries(PINNED_PACKAGES.map((p) => [p, PINNED_OPENCODE_VERSION])),
    )
  })

  it('says how to get opencode where none is bundled, and notes a PATH binary of another version', () => {
    expect(missingOpencodeMessage({ platform: 'linux', arch: 'x64' })).toMatch(/npm ci.*opencode-linux-x64/)
    expect(missingOpencodeMessage({ platform: 'darwin', arch: 'arm64' })).toMatch(
      /none is bundled for darwin-arm64; install opencode 1\.18\.33 \(`npm install -g opencode-ai@1\.18\.33`\)/,
    )
    expect(missingOpencodeMessage({ platform: 'win32', arch: 'x64' })).toMatch(
      /none is bundled for windows-x64.*scoop install opencode.*opencode\.exe/,
    )
    expect(versionNote(PINNED_OPENCODE_VERSION)).toBeNull()
    expect(versionNote('1.2.0')).toMatch(
      /opencode 1\.2\.0 is not the version Skill A\/B is tested with \(1\.18\.33/,
    )
  })

  it('reads a bundled package’s version from the package without starting it; any other binary answers --version', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ocbin-'))
    const pkg = join(dir, 'node_modules', 'opencode-linux-x64')
    mkdirSync(join(pkg, 'bin'), { recursive: true })
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'opencode-linux-x64', version: '9.8.7' }))
    // Started, it would fail: the version must come from the package.
    writeFileSync(join(pkg, 'bin', 'opencode'), '#!/bin/sh\nexit 1\n')
    chmodSync(join(pkg, 'bin', 'opencode'), 0o755)
    expect(await opencodeVersion(join(pkg, 'bin', 'opencode'))).toBe('9.8.7')
    const other = join(dir, 'other', 'bin')
    mkdirSync(other, { recursive: true })
    writeFileSync(
      join(dir, 'other', 'package.json'),
      JSON.stringify({ name: 'not-opencode', version: '1.0.0' }),
    )
    writeFileSync(join(other, 'opencode'), '#!/bin/sh\necho 1.2.3\n')
    chmodSync(join(other, 'opencode'), 0o755)
    expect(await opencodeVersion(join(other, 'opencode'))).toBe('1.2.3')
  })
})
