// The renderer's own origin, app://renderer: the built renderer folder served read-only through a privileged
// custom scheme, each response carrying the renderer's CSP. (Under file://, Electron by default lets a page
// fetch other local files, and every file:// page shares one origin.) A path that leaves the folder, or
// another host, is not found.
import type { Protocol } from 'electron'
import { RENDERER_CSP } from '../../src-shared/csp'
import { readStatic } from '../serve/static-files'

export const APP_SCHEME = 'app'
export const APP_ORIGIN = `${APP_SCHEME}://renderer`
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`

/**
 * Before the app is ready: a standard, secure scheme (its own origin, storage and fetch, like https), whose
 * scripts V8 may keep compiled between launches (`codeCache`): compiling the screens' chunk is most of a
 * cold first render's cost (docs/architecture.md, "First render").
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ])
}

/** The response to one app:// request: a file of `rendererDir`, or 404. */
export function appResponse(rendererDir: string, url: string): Response {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return notFound()
  }
  if (`${parsed.protocol}//${parsed.host}` !== APP_ORIGIN) return notFound()
  // readStatic refuses any path (raw, dotted or percent-encoded) that resolves outside the folder.
  const file = readStatic(rendererDir, parsed.pathname)
  if (!file) return notFound()
  return new Response(new Uint8Array(file.body), {
    status: 200,
    headers: {
      'content-type': file.type,
      'content-security-policy': RENDERER_CSP,
      'x-content-type-options': 'nosniff',
    },
  })
}

function notFound(): Response {
  return new Response('not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
}

/** Once the app is ready: app:// answers from `rendererDir`. */
export function serveAppScheme(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => appResponse(rendererDir, request.url))
}
