// Reading opencode's --print-logs lines for a provider error it is waiting to retry (lines as opencode
// 1.18.33 printed them against a provider answering 503 with retry-after-ms 30000).
import { describe, expect, it } from 'vitest'
import { ProviderRetry, retryFromLogLine } from './provider-retry'

const T = 'timestamp=2026-12-01T21:06:22.787Z level=INFO run=9f64e869'
const MAIN = 'providerID=scripted modelID=agent session.id=ses_1 small=false agent=build mode=primary'
const TITLE = 'providerID=scripted modelID=agent session.id=ses_1 small=true agent=title mode=primary'
const ATTEMPT = `${T} message=stream ${MAIN}`
const FAILED = `${T.replace('INFO', 'ERROR')} message="stream error" ${MAIN} error.error="AI_APICallError: scripted service unavailable"`
const TITLE_FAILED = `${T.replace('INFO', 'ERROR')} message="stream error" ${TITLE} error.error="AI_RetryError: Failed after 3 attempts. Last error: scripted service unavailable"`

describe('retryFromLogLine', () => {
  it('reads an attempt of the main model, its failure (the AI SDK class dropped), and nothing else', () => {
    expect(retryFromLogLine(ATTEMPT)).toBe('attempt')
    expect(retryFromLogLine(FAILED)).toEqual({ failed: 'scripted service unavailable' })
    expect(retryFromLogLine(TITLE_FAILED)).toBeNull()
    expect(retryFromLogLine(`${T} message=loop session.id=ses_1 step=0`)).toBeNull()
    expect(
      retryFromLogLine(`${FAILED.replace(/error\.error=.*/, 'error.error="say \\"hi\\" again"')}`),
    ).toEqual({ failed: 'say "hi" again' })
  })
})

describe('ProviderRetry', () => {
  it('holds the provider error until the next attempt starts', () => {
    const r = new ProviderRetry()
    for (const line of [ATTEMPT, FAILED, TITLE_FAILED]) r.readLogLine(line)
    expect(r.message).toBe('scripted service unavailable')
    r.readLogLine(ATTEMPT)
    expect(r.message).toBeNull()
  })
})
