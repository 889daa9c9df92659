// The opencode config (docs/opencode.md) that points provider "scripted" at a scripted LLM server.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export const PROVIDER_ID = 'scripted'
/** Model ids the provider defines (and GET /v1/models lists). */
export const MODEL_IDS = ['agent', 'judge', 'free'] as const

export interface ProviderConfigOptions {
  /** The scripted server's url, e.g. http://127.0.0.1:4010/v1 */
  baseURL: string
  /** opencode's wait for response headers, per attempt; default 60 000 (opencode's own is 300 000). */
  headerTimeoutMs?: number
  /** opencode's wait between stream chunks, per attempt; default 60 000. */
  chunkTimeoutMs?: number
  /** When set, every request carries header x-run = `{env:<runTagEnv>}` (logged as runTag). */
  runTagEnv?: string
}

const LIMIT = { context: 128000, output: 8192 }
const PRICE = { input: 3, output: 15 }

/** An opencode config object: provider "scripted" with models agent, judge (priced) and free (no cost). */
export function providerConfig(opts: ProviderConfigOptions): Record<string, unknown> {
  const options: Record<string, unknown> = {
    baseURL: opts.baseURL,
    apiKey: 'sk-scripted',
    headerTimeout: opts.headerTimeoutMs ?? 60_000,
    chunkTimeout: opts.chunkTimeoutMs ?? 60_000,
  }
  if (opts.runTagEnv) options.headers = { 'x-run': `{env:${opts.runTagEnv}}` }
  return {
    $schema: 'https://opencode.ai/config.json',
    model: `${PROVIDER_ID}/agent`,
    small_model: `${PROVIDER_ID}/free`,
    provider: {
      [PROVIDER_ID]: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Scripted LLM',
        options,
        models: {
          agent: { name: 'Scripted agent', tool_call: true, limit: LIMIT, cost: PRICE },
          judge: { name: 'Scripted judge', tool_call: true, limit: LIMIT, cost: PRICE },
          free: { name: 'Scripted free', tool_call: true, limit: LIMIT },
        },
      },
    },
  }
}

/** Writes providerConfig(opts) as JSON to `file` (creating its folder) and returns the path. */
export function writeProviderConfig(file: string, opts: ProviderConfigOptions): string {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(providerConfig(opts), null, 2)}\n`)
  return file
}
