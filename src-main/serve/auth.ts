// Serve mode's gate: a random token in the printed URL grants the api (the WebSocket); the page keeps it in
// its own tab's storage, which browsers scope to this origin and port. The page's files are also reachable
// with a cookie holding a separate random pass: browsers send a 127.0.0.1 cookie to every port of
// 127.0.0.1, so the cookie is named after this server's port (no clash with a second serve) and grants only
// the public page files, never the api. The Host header must name this server (no DNS rebinding);
// WebSockets must come from its origin.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export function newToken(): string {
  return randomBytes(24).toString('base64url')
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The page cookie's name for the server on `port`. */
export function pageCookieName(port: number): string {
  return `skill_ab_page_${port}`
}

/** The Set-Cookie value giving this browser the page files of the server on `port`. */
export function pageCookie(port: number, pass: string): string {
  return `${pageCookieName(port)}=${pass}; HttpOnly; SameSite=Strict; Path=/`
}

function cookieValue(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return v.join('=')
  }
  return null
}

/** The request target as a URL, or null when it is not one (`GET http://[ HTTP/1.1`). */
export function requestUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://127.0.0.1')
  } catch {
    return null
  }
}

/** The request carries the api token in its query (`?token=`). */
export function hasToken(url: URL, token: string): boolean {
  const q = url.searchParams.get('token')
  return q !== null && same(q, token)
}

/** How a page request proved it may have the page files: the token in the URL, this port's cookie, or not. */
export function pageProof(
  req: IncomingMessage,
  url: URL,
  gate: { token: string; pagePass: string; port: number },
): 'query' | 'cookie' | null {
  if (hasToken(url, gate.token)) return 'query'
  const c = cookieValue(req, pageCookieName(gate.port))
  return c !== null && same(c, gate.pagePass) ? 'cookie' : null
}

/** Names this server: 127.0.0.1 or localhost on its port (a rebinding attacker's name is refused). */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`
}

/** A WebSocket from a page of this server (browsers always send Origin on a WebSocket). */
export function originAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin
  return (
    origin === undefined || origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`
  )
}
