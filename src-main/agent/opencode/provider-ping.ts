// Pre-flight: is the model provider reachable? One GET <baseURL>/models with a short timeout (free: no
// tokens), so a provider on a closed port is named by `doctor` instead of every run waiting its timeout.
import { get as httpGet } from 'node:http'
import { get as httpsGet } from 'node:https'
import { loadUserConfig, type UserConfig } from './user-config'

/** How long `doctor` waits for the provider to answer at all. */
export const PING_TIMEOUT_MS = 3000

export interface ProviderPing {
  /** false only when nothing answered at the base URL (an HTTP error still means reachable). */
  ok: boolean
  detail: string
  /** What to do when it is not ok. */
  fix?: string
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v)
}

/** `{env:NAME}` filled in from `env`, as opencode does. */
export function fillEnv(value: string, env: NodeJS.ProcessEnv): string {
  return value.replace(/\{env:([^}]+)\}/g, (_m, name: string) => env[name] ?? '')
}

/** The provider's `options` in the opencode config, or null when it defines none. */
function providerOptions(config: UserConfig['config'], provider: string): Record<string, unknown> | null {
  const entry = isObject(config?.provider) ? config.provider[provider] : undefined
  return isObject(entry) && isObject(entry.options) ? entry.options : null
}

/** The headers a request to the provider carries: its API key as a bearer token and its own headers. */
function headersOf(options: Record<string, unknown>, env: NodeJS.ProcessEnv): Record<string, string> {
  const headers: Record<string, string> = {}
  if (typeof options.apiKey === 'string' && !options.apiKey.includes('{file:'))
    headers.authorization = `Bearer ${fillEnv(options.apiKey, env)}`
  if (isObject(options.headers))
    for (const [k, v] of Object.entries(options.headers))
      if (typeof v === 'string' && !v.includes('{file:')) headers[k] = fillEnv(v, env)
  return headers
}

/** Model ids in an OpenAI-style `{"data": [{"id": …}]}` list, or null for any other answer. */
function listedModels(body: unknown): string[] | null {
  if (!isObject(body) || !Array.isArray(body.data)) return null
  return body.data.flatMap((m) => (isObject(m) && typeof m.id === 'string' ? [m.id] : []))
}

/**
 * Asks the provider of `model` (`provider/model`) for its model list. A provider without `baseURL` in
 * the opencode config uses opencode's built-in endpoint: not pinged (said so).
 */
export async function pingProvider(
  model: string,
  userConfig: UserConfig | null,
  env: NodeJS.ProcessEnv,
  timeoutMs = PING_TIMEOUT_MS,
): Promise<ProviderPing> {
  const provider = model.slice(0, model.indexOf('/'))
  const modelId = model.slice(model.indexOf('/') + 1)
  const options = providerOptions(userConfig?.config ?? null, provider)
  const raw = options && typeof options.baseURL === 'string' ? options.baseURL : null
  if (!options || !raw)
    return {
      ok: true,
      detail: `${provider}: no baseURL in the opencode config (opencode's built-in endpoint): not pinged`,
    }
  const baseUrl = fillEnv(raw, env).replace(/\/+$/, '')
  const where = userConfig?.sources.join(', ') || 'the opencode config'
  const res = await getJson(`${baseUrl}/models`, headersOf(options, env), timeoutMs)
  if ('error' in res)
    return {
      ok: false,
      detail: `${provider}: unreachable at ${baseUrl} (${res.error})`,
      fix: `start the provider or fix provider.${provider}.options.baseURL in ${where}`,
    }
  if (res.status < 200 || res.status > 299)
    return { ok: true, detail: `${provider}: answers at ${baseUrl} (HTTP ${res.status} on GET /models)` }
  const body = res.body
  const models = listedModels(body)
  if (!models) return { ok: true, detail: `${provider}: answers at ${baseUrl}` }
  const listed = models.includes(modelId) ? `, ${modelId} among them` : `; ${modelId} is not among them`
  return { ok: true, detail: `${provider}: answers at ${baseUrl}, lists ${models.length} models${listed}` }
}

/**
 * One ping per provider the models use (the first model of each provider is asked about), or null when the
 * opencode config cannot be read (its own check says why).
 */
export async function pingProviders(
  models: readonly string[],
  opencodeConfigPath: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<{ model: string; ping: ProviderPing }[] | null> {
  let userConfig: UserConfig | null = null
  try {
    userConfig = loadUserConfig(opencodeConfigPath, env)
  } catch {
    return null
  }
  const byProvider = new Map<string, string>()
  for (const model of models) {
    const provider = model.slice(0, model.indexOf('/'))
    if (!byProvider.has(provider)) byProvider.set(provider, model)
  }
  return Promise.all(
    [...byProvider.values()].map(async (model) => ({
      model,
      ping: await pingProvider(model, userConfig, env),
    })),
  )
}

/** The largest answer read (a model list is a few KiB). */
const MAX_BODY_BYTES = 4 * 1024 * 1024

/**
 * GET with node:http(s) rather than fetch: fetch refuses some ports outright ("bad port", e.g. 9 or
 * 6000) that a local provider may use and opencode reaches.
 */
function getJson(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; body: unknown } | { error: string }> {
  return new Promise((resolve) => {
    let target: URL
    try {
      target = new URL(url)
    } catch {
      resolve({ error: 'not a valid URL' })
      return
    }
    const get = target.protocol === 'https:' ? httpsGet : target.protocol === 'http:' ? httpGet : null
    if (!get) {
      resolve({ error: `unsupported protocol ${target.protocol}` })
      return
    }
    let req: ReturnType<typeof httpGet>
    try {
      req = get(target, { headers }, (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size <= MAX_BODY_BYTES) chunks.push(chunk)
        })
        res.on('end', () => {
          clearTimeout(timer)
          let body: unknown = null
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown
          } catch {
            // Not JSON: reachable all the same.
          }
          resolve({ status: res.statusCode ?? 0, body })
        })
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body: null }))
      })
    } catch (err) {
      resolve({ error: (err as NodeJS.ErrnoException).code ?? String(err) }) // e.g. a header the config fills with a newline
      return
    }
    const timer = setTimeout(() => {
      req.destroy()
      resolve({ error: `no answer within ${timeoutMs / 1000} s` })
    }, timeoutMs)
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      resolve({ error: err.code ?? err.message })
    })
  })
}
