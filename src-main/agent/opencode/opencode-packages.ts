// Which of opencode's platform packages holds the binary for this machine (README "Platforms"). opencode-ai
// publishes one package per platform, arch, libc and CPU level; Skill A/B pins, as optionalDependencies,
// those published at its pinned version, and npm installs only the one(s) matching the machine.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** The opencode version the app is tested with (package.json pins its packages at this version). */
export const PINNED_OPENCODE_VERSION = '1.18.33'

/** The platform packages published at the pinned version (package.json optionalDependencies). */
export const PINNED_PACKAGES = ['opencode-linux-x64', 'opencode-linux-x64-baseline'] as const

/** A platform package name: `opencode-<os>-<arch>[-baseline][-musl]`. */
export const PACKAGE_NAME = /^opencode-(linux|darwin|windows)-(x64|arm64)(-baseline)?(-musl)?$/

export interface Machine {
  platform: NodeJS.Platform
  arch: string
  /** x64 CPUs without AVX2 need the `-baseline` build. */
  avx2: boolean
  /** Linux on musl libc (Alpine) needs the `-musl` build. */
  musl: boolean
}

/** opencode's name for the OS: `windows` where Node says `win32`. */
const opencodeOs = (platform: NodeJS.Platform): string => (platform === 'win32' ? 'windows' : platform)

/** The package names to try, best first, for a machine; empty where opencode publishes none. */
export function platformPackages(m: Machine): string[] {
  const os = opencodeOs(m.platform)
  if (!['linux', 'darwin', 'windows'].includes(os) || !['x64', 'arm64'].includes(m.arch)) return []
  const base = `opencode-${os}-${m.arch}`
  const libc = os === 'linux' && m.musl ? '-musl' : ''
  if (m.arch !== 'x64') return [`${base}${libc}`]
  const baseline = `${base}-baseline${libc}`
  return m.avx2 ? [`${base}${libc}`, baseline] : [baseline]
}

/** The binary's path inside its package. */
export const binaryIn = (platform: NodeJS.Platform): string =>
  platform === 'win32' ? 'bin/opencode.exe' : 'bin/opencode'

/** Whether this CPU has AVX2 (Linux: /proc/cpuinfo; macOS: sysctl); unknown counts as yes. */
function cpuHasAvx2(platform = process.platform, cpuinfoPath = '/proc/cpuinfo'): boolean {
  try {
    if (platform === 'linux') return /\bavx2\b/.test(readFileSync(cpuinfoPath, 'utf8'))
    if (platform === 'darwin' && process.arch === 'x64')
      return /\bAVX2\b/.test(
        execFileSync('sysctl', ['-n', 'machdep.cpu.leaf7_features'], { encoding: 'utf8' }),
      )
  } catch {
    // unknown
  }
  return true
}

/** Whether this is Linux on musl libc (Node reports no glibc version there). */
function isMusl(platform = process.platform): boolean {
  if (platform !== 'linux') return false
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)
    ?.header
  return header !== undefined && !header.glibcVersionRuntime
}

/** This machine. */
export function thisMachine(): Machine {
  return { platform: process.platform, arch: process.arch, avx2: cpuHasAvx2(), musl: isMusl() }
}

/** How to get opencode when none was found: the bundled package where one is pinned, else an install. */
export function missingOpencodeMessage(m: Pick<Machine, 'platform' | 'arch'>): string {
  const bundled = platformPackages({ ...m, avx2: true, musl: false }).filter((p) =>
    (PINNED_PACKAGES as readonly string[]).includes(p),
  )
  const install = `install opencode ${PINNED_OPENCODE_VERSION} (${installCommand(m.platform)}) so that \`${m.platform === 'win32' ? 'opencode.exe' : 'opencode'}\` is on PATH`
  return bundled.length > 0
    ? `opencode not found: run \`npm ci\` (it installs ${bundled.join(' or ')}), set SKILL_AB_OPENCODE_BIN, or ${install}`
    : `opencode not found: none is bundled for ${opencodeOs(m.platform)}-${m.arch}; ${install}, or set SKILL_AB_OPENCODE_BIN`
}

/** How to install opencode: npm's launcher on macOS and Linux; on Windows npm installs a `.cmd` shim, which
 * cannot be started without a shell, so a package manager that installs `opencode.exe`. */
function installCommand(platform: NodeJS.Platform): string {
  return platform === 'win32'
    ? '`scoop install opencode` or `choco install opencode`'
    : `\`npm install -g opencode-ai@${PINNED_OPENCODE_VERSION}\``
}

/** A note when the binary on PATH is not the pinned version (it may behave differently); null when it is. */
export function versionNote(version: string): string | null {
  if (version === PINNED_OPENCODE_VERSION) return null
  return `opencode ${version} is not the version Skill A/B is tested with (${PINNED_OPENCODE_VERSION}; ${installCommand(process.platform)}): results may differ`
}
