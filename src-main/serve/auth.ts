// Serve mode's gate (DESIGN §13): a random token in the printed URL, then a same-site cookie for the page's
// own requests; the Host header must name this server (no DNS rebinding); WebSockets must come from its origin.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export const COOKIE = 'skill_ab_token'

export function newToken(): string {
  return randomBytes(24).toString('base64url')
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function cookieToken(req: IncomingMessage): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === COOKIE) return v.join('=')
  }
  return null
}

export function queryToken(req: IncomingMessage): string | null {
  return new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('token')
}

/** How the request proved it knows the token: in the URL, by cookie, or not at all. */
export function tokenOf(req: IncomingMessage, token: string): 'query' | 'cookie' | null {
  const q = queryToken(req)
  if (q !== null && same(q, token)) return 'query'
  const c = cookieToken(req)
  if (c !== null && same(c, token)) return 'cookie'
  return null
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

export function sessionCookie(token: string): string {
  return `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`
}
