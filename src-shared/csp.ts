// The renderer's Content-Security-Policy, written once: the desktop app sends it on every response of its
// app:// protocol, the build writes it into index.html's meta tag, and serve mode sends it (header and meta
// tag alike) with only its own WebSocket origin added to connect-src.

/** Directive → sources, in the order they are written. Nothing but the page's own origin. */
const DIRECTIVES: readonly (readonly [string, ...string[]])[] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'", "'unsafe-inline'"],
  ['img-src', "'self'", 'data:'],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['frame-ancestors', "'none'"],
  ['form-action', "'none'"],
]

/** The policy, with `connect` sources added to connect-src (nothing else may be widened). */
export function rendererCsp(connect: readonly string[] = []): string {
  return DIRECTIVES.map(([name, ...sources]) =>
    [name, ...sources, ...(name === 'connect-src' ? connect : [])].join(' '),
  ).join('; ')
}

/** The policy of the desktop app and of the built index.html. */
export const RENDERER_CSP = rendererCsp()

/** Serve mode's policy: the renderer's, plus the WebSocket of the server on `port` (both names it answers to). */
export function serveCsp(port: number): string {
  return rendererCsp([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`])
}

/** Directives that work only as a header: in a meta tag a browser ignores them, with a console error. */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox'])

/** `policy` as a meta tag carries it: every directive but the header-only ones. */
export function metaPolicy(policy: string): string {
  return policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !HEADER_ONLY.has(d.split(/\s+/)[0] as string))
    .join('; ')
}

const META = /<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>/i

/**
 * `html` with its CSP meta tag set to `policy` (less the header-only directives): the existing tag replaced,
 * else one added at the top of <head> (after the charset), before anything the policy governs.
 */
export function withCspMeta(html: string, policy: string): string {
  const content = metaPolicy(policy).replaceAll('&', '&amp;').replaceAll('"', '&quot;')
  const tag = `<meta http-equiv="Content-Security-Policy" content="${content}" />`
  if (META.test(html)) return html.replace(META, () => tag)
  const anchor = /<meta\s+charset=[^>]*>/i.test(html) ? /<meta\s+charset=[^>]*>/i : /<head(\s[^>]*)?>/i
  return html.replace(anchor, (found) => `${found}\n    ${tag}`)
}

/** The policy of `html`'s CSP meta tag, or null when it has none. */
export function cspMetaOf(html: string): string | null {
  const content = /\scontent=(["'])(.*?)\1/i.exec(META.exec(html)?.[0] ?? '')?.[2]
  if (content === undefined) return null
  return content
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}
