// Whether opencode is waiting to retry the model provider: a 5xx, 429 or an unreachable provider is retried
// (up to 5 times, honouring retry-after), and a watchdog that stops the session meanwhile stops it for the
// provider's sake, not the agent's. The server transport reads it from `session.status` (type "retry");
// the process transport from its `--print-logs` lines (this file).

/** The provider's error opencode is waiting to retry, or null while an attempt is under way or none failed. */
export class ProviderRetry {
  #message: string | null = null

  /** A failed attempt opencode will retry: the provider's message. */
  failed(message: string): void {
    this.#message = message
  }

  /** A new attempt started (or the session went on): nothing is waiting for the provider. */
  attempt(): void {
    this.#message = null
  }

  get message(): string | null {
    return this.#message
  }

  /** Reads one `opencode run --print-logs` line (see `retryFromLogLine`). */
  readLogLine(line: string): void {
    const seen = retryFromLogLine(line)
    if (seen === 'attempt') this.attempt()
    else if (seen) this.failed(seen.failed)
  }
}

/** `error.error="AI_APICallError: scripted service unavailable"`: a logfmt value, quotes escaped. */
const ERROR_VALUE = /\berror\.error="((?:[^"\\]|\\.)*)"/

/**
 * What a `--print-logs` line says of the main model's stream (the title agent, `small=true`, runs beside it
 * and is left out): `message=stream` starts an attempt; `message="stream error"` ends one with the
 * provider's error (AI SDK class name dropped). Measured on opencode 1.18.33:
 * `level=ERROR … message="stream error" providerID=p modelID=m session.id=ses_… small=false agent=build
 * mode=primary error.error="AI_APICallError: scripted service unavailable"`, then the next attempt's
 * `level=INFO … message=stream … small=false …` after the retry wait.
 */
export function retryFromLogLine(line: string): { failed: string } | 'attempt' | null {
  if (!line.includes(' small=false')) return null
  if (line.includes(' message=stream ')) return 'attempt'
  if (!line.includes(' message="stream error"')) return null
  const raw = ERROR_VALUE.exec(line)?.[1]
  const text = raw === undefined ? 'the model provider failed' : raw.replace(/\\(.)/g, '$1')
  return { failed: text.replace(/^AI_\w+:\s*/, '') }
}
