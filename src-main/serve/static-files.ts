// The built renderer's files, served read-only from one folder (no path leaves it).
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

/** The built renderer: `SKILL_AB_RENDERER_DIR`, else `out/renderer` beside the built CLI or the sources. */
export function findRendererDir(env: NodeJS.ProcessEnv): string | null {
  const here = dirname(fileURLToPath(import.meta.url))
  const candidates = [
    env.SKILL_AB_RENDERER_DIR,
    resolve(here, '..', 'renderer'),
    resolve(here, '..', '..', 'out', 'renderer'),
  ].filter((d): d is string => Boolean(d))
  return candidates.find((d) => existsSync(join(d, 'index.html'))) ?? null
}

export interface StaticFile {
  body: Buffer
  type: string
}

/** The file for a URL path, or null (absent, a folder, or outside the root). `/` is index.html. */
export function readStatic(root: string, urlPath: string): StaticFile | null {
  let rel: string
  try {
    rel = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (rel === '/' || rel === '') rel = '/index.html'
  const base = resolve(root)
  const file = resolve(base, normalize(`.${rel}`))
  if (file !== base && !file.startsWith(base + sep)) return null
  try {
    if (!statSync(file).isFile()) return null
    return { body: readFileSync(file), type: TYPES[extname(file)] ?? 'application/octet-stream' }
  } catch {
    return null
  }
}
