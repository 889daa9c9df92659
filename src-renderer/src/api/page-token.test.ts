import { describe, expect, it } from 'vitest'
import { keepPageToken, readPageToken, type PageWindow } from './page-token'

/** What the page does on load (api.ts): reads its token, then keeps it and cleans the URL. */
function takePageToken(w: PageWindow): string | null {
  const token = readPageToken(w)
  keepPageToken(w)
  return token
}

function fakeWindow(href: string, stored: Record<string, string> = {}): PageWindow & { shown: string } {
  const w = {
    shown: href,
    location: { href },
    history: {
      state: null,
      replaceState: (_state: unknown, _title: string, url?: string | URL | null) => {
        w.shown = new URL(String(url), href).href
      },
    },
    sessionStorage: {
      getItem: (k: string) => stored[k] ?? null,
      setItem: (k: string, v: string) => void (stored[k] = v),
    },
  }
  return w
}

describe('the serve token on the page', () => {
  it('is taken from the URL and removed from the address bar, keeping the route and other parameters', () => {
    const w = fakeWindow('http://127.0.0.1:4321/?lang=en&token=abc123#/tasks/t1')
    expect(takePageToken(w)).toBe('abc123')
    expect(w.shown).toBe('http://127.0.0.1:4321/?lang=en#/tasks/t1')
  })

  it('survives a reload of the tab: the kept token is used when the URL has none', () => {
    const stored: Record<string, string> = {}
    takePageToken(fakeWindow('http://127.0.0.1:4321/?token=abc123', stored))
    const reloaded = fakeWindow('http://127.0.0.1:4321/#/tasks', stored)
    expect(takePageToken(reloaded)).toBe('abc123')
    expect(reloaded.shown).toBe('http://127.0.0.1:4321/#/tasks')
  })

  it('is absent on a page opened without the printed URL', () => {
    expect(takePageToken(fakeWindow('http://127.0.0.1:4321/'))).toBeNull()
  })
})
