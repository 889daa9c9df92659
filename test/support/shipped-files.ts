// What electron-builder would put in the app for one target, computed with electron-builder's own file
// matchers (app-builder-lib) over a project folder: the app's files (`files` patterns over out/ and the root),
// the production node_modules (only the `files` excludes apply there, as in electron-builder), which of
// those `asarUnpack` leaves outside app.asar, and the `extraResources`. Nothing is built or downloaded.
import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'

type Filter = (file: string, stat: Stats) => boolean
interface Matcher {
  from: string
  to: string
  createFilter(): Filter
}
interface FileMatchers {
  getMainFileMatchers(...args: unknown[]): Matcher[]
  getNodeModuleFileMatcher(...args: unknown[]): Matcher
  getFileMatchers(config: unknown, name: string, dest: string, opts: unknown): Matcher[] | null
}
const { getMainFileMatchers, getNodeModuleFileMatcher, getFileMatchers } = createRequire(import.meta.url)(
  'app-builder-lib/out/fileMatcher.js',
) as FileMatchers

export type BuilderOs = 'mac' | 'win' | 'linux'
export interface Target {
  os: BuilderOs
  arch: string
  /** dmg, nsis, AppImage, deb … */
  formats: string[]
}
interface PlatformConfig {
  target: { target: string; arch: string[] }[]
  files?: string[]
}
export type BuilderConfig = Record<string, unknown> & Partial<Record<BuilderOs, PlatformConfig>>

const NODE_PLATFORM: Record<BuilderOs, string> = { mac: 'darwin', win: 'win32', linux: 'linux' }

/** Every (os, arch) the config builds, with its formats. */
export function targetsOf(config: BuilderConfig): Target[] {
  const out: Target[] = []
  for (const os of ['mac', 'win', 'linux'] as const) {
    for (const t of config[os]?.target ?? []) {
      for (const arch of t.arch) {
        const seen = out.find((x) => x.os === os && x.arch === arch)
        if (seen) seen.formats.push(t.target)
        else out.push({ os, arch, formats: [t.target] })
      }
    }
  }
  return out
}

/** electron-builder's file-pattern macros that a target fixes. */
const macroExpander =
  (t: Target) =>
  (s: string): string =>
    s.replaceAll('${arch}', t.arch).replaceAll('${os}', t.os).replaceAll('${platform}', NODE_PLATFORM[t.os])

/** Files under `dir` (as paths relative to `root`, `/`-separated) that `keep` lets through, pruning folders. */
function walk(root: string, dir: string, keep: Filter, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name)
    const stat = statSync(file)
    if (!keep(file, stat)) continue
    if (stat.isDirectory()) walk(root, file, keep, out)
    else out.push(relative(root, file).split(sep).join('/'))
  }
}

export interface Shipped {
  /** Files in the app (app.asar and app.asar.unpacked together), relative to the project. */
  app: string[]
  /** Those left outside app.asar. */
  unpacked: string[]
  /** extraResources: `to` paths under the app's resources folder. */
  resources: string[]
}

/**
 * The files one target ships from `projectDir`, whose production packages are `packages` (folders relative
 * to it, as `node_modules/<name>`).
 */
export function shippedFiles(
  config: BuilderConfig,
  projectDir: string,
  packages: string[],
  t: Target,
): Shipped {
  const expand = macroExpander(t)
  const platformConfig = config[t.os] ?? {}
  const info = {
    projectDir,
    buildResourcesDir: 'build',
    config,
    isPrepackedAppAsar: false,
    debugLogger: { isEnabled: false },
  }
  const [main] = getMainFileMatchers(
    projectDir,
    '/app',
    expand,
    platformConfig,
    { info },
    join(projectDir, 'dist'),
    false,
  )
  const app: string[] = []
  walk(projectDir, projectDir, (main as Matcher).createFilter(), app)
  const modules = getNodeModuleFileMatcher(projectDir, '/app', expand, platformConfig, info).createFilter()
  for (const pkg of packages) {
    const dir = join(projectDir, pkg)
    if (!modules(dir, statSync(dir))) continue
    // A nested node_modules folder is a package of its own (listed separately).
    walk(projectDir, dir, (file, stat) => !file.endsWith(`${sep}node_modules`) && modules(file, stat), app)
  }
  const options = {
    macroExpander: expand,
    customBuildOptions: platformConfig,
    globalOutDir: join(projectDir, 'dist'),
    defaultSrc: projectDir,
  }
  const unpack = getFileMatchers(config, 'asarUnpack', '/app', options)?.[0]?.createFilter()
  const unpacked = unpack ? app.filter((f) => unpack(join(projectDir, f), statSync(join(projectDir, f)))) : []
  const resources: string[] = []
  for (const m of getFileMatchers(config, 'extraResources', '/resources', options) ?? []) {
    const found: string[] = []
    walk(m.from, m.from, m.createFilter(), found)
    resources.push(
      ...found.map((f) => `${relative('/resources', m.to).split(sep).join('/')}/${f}`.replace(/^\//, '')),
    )
  }
  return { app: app.sort(), unpacked: unpacked.sort(), resources: resources.sort() }
}

/** The production packages package-lock.json lists that are installed in `projectDir`. */
export function productionPackages(projectDir: string): string[] {
  const lock = JSON.parse(readFileSync(join(projectDir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>
  }
  return Object.entries(lock.packages)
    .filter(([path, p]) => path !== '' && !p.dev && !p.devOptional)
    .map(([path]) => path)
    .filter((path) => {
      try {
        return statSync(join(projectDir, path)).isDirectory()
      } catch {
        return false
      }
    })
}
