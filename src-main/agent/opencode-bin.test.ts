// Unit tests of finding the opencode binary: SKILL_AB_OPENCODE_BIN → bundled package → PATH.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { bundledCandidates, findOpencodeBin, opencodeVersion } from './opencode-bin'

let dir = ''
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

  it('picks the baseline build for CPUs without AVX2, nothing bundled off linux-x64', () => {
    expect(bundledCandidates(true, 'linux', 'x64')).toEqual([
      'opencode-linux-x64',
      'opencode-linux-x64-baseline',
    ])
    expect(bundledCandidates(false, 'linux', 'x64')).toEqual(['opencode-linux-x64-baseline'])
    expect(bundledCandidates(true, 'darwin', 'arm64')).toEqual([])
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
