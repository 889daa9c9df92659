// The few `opencode serve` routes a side uses, each with a time limit (a request during start-up can hang),
// each with the server's password (basic auth, opencode's user `opencode`: side-context.ts setupServer).
export interface ServeClient {
  readonly url: string
  json<T>(method: 'GET' | 'POST' | 'DELETE', path: string, directory: string, body?: unknown): Promise<T>
  /** Opens GET /event?directory=… (the caller reads and cancels the body). */
  events(directory: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>>
}

export const REQUEST_TIMEOUT_MS = 30_000

function withDirectory(path: string, directory: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}directory=${encodeURIComponent(directory)}`
}

export function serveClient(url: string, password: string, timeoutMs = REQUEST_TIMEOUT_MS): ServeClient {
  const authorization = `Basic ${Buffer.from(`opencode:${password}`).toString('base64')}`
  return {
    url,
    async json<T>(
      method: 'GET' | 'POST' | 'DELETE',
      path: string,
      directory: string,
      body?: unknown,
    ): Promise<T> {
      const what = `${method} ${path}`
      let res: Response
      try {
        res = await fetch(`${url}${withDirectory(path, directory)}`, {
          method,
          headers:
            body === undefined ? { authorization } : { authorization, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause?.code
        throw new Error(`${what}: ${cause ?? (err as Error).message}`, { cause: err })
      }
      const text = await res.text().catch(() => '')
      if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 500)}`)
      let parsed: unknown = text
      try {
        parsed = text ? (JSON.parse(text) as unknown) : null
      } catch {
        // not JSON: keep the text
      }
      return parsed as T
    },
    async events(directory: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
      const res = await fetch(`${url}${withDirectory('/event', directory)}`, {
        headers: { authorization, accept: 'text/event-stream' },
        signal,
      })
      if (!res.ok || !res.body) throw new Error(`GET /event: HTTP ${res.status}`)
      return res.body
    },
  }
}
