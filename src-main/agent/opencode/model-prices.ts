// A model's prices (docs/opencode.md "Prices"): from the user's opencode config when it prices the model (a
// file read, milliseconds), else from opencode's own model list, `opencode models <provider> --verbose`
// (its models.dev catalog; ~2 s, so asked once per model and process), in a private env like a run's.
import { statSync } from 'node:fs'
import { pricesFromCost, type ModelPrices } from '../../../src-shared/prices'
import { removePrivateDirs } from '../isolation/private-dirs'
import { opencodeConfigPathOf } from '../../inputs/opencode-config'
import { modelProblem } from './model-check'
import { queryOpencode } from './opencode-query'
import { prepareSide, providerOf, setupProcess } from '../isolation/side-context'
import type { UserConfig } from './user-config'

/** What a lookup needs: the model, the user's opencode config path and env, where private dirs go. */
export interface PriceLookup {
  model: string
  opencodeConfigPath: string | undefined
  env: NodeJS.ProcessEnv
  /** `<dataDir>/tmp`: the private dirs of the opencode query. */
  runRoot: string
  /** The opencode binary; default: SKILL_AB_OPENCODE_BIN → bundled package → PATH. */
  bin?: string
  /** false: the user's config only (no opencode process). */
  askOpencode: boolean
}

function entry(record: unknown, key: string): unknown {
  return record && typeof record === 'object' ? (record as Record<string, unknown>)[key] : undefined
}

/**
 * The prices the user's config gives the model: `provider.<p>.models.<m>.cost`. undefined when the config
 * does not say (opencode's catalog may price it); null when it prices it at zero or defines the model of
 * its own provider without a cost (unknown).
 */
export function configuredPrices(
  config: UserConfig['config'],
  model: string,
): ModelPrices | null | undefined {
  const provider = providerOf(model)
  if (!provider || !config) return undefined
  const configured = entry(entry(config, 'provider'), provider)
  const modelEntry = entry(entry(configured, 'models'), model.slice(provider.length + 1))
  const cost = entry(modelEntry, 'cost')
  if (cost !== undefined) return pricesFromCost(cost)
  // A provider the config defines itself (its own `npm` package) is not in opencode's catalog: no price.
  return modelEntry !== undefined && entry(configured, 'npm') !== undefined ? null : undefined
}

const MODEL_LINE = /^[^\s{}"[\]]+\/\S+$/

/** `opencode models <provider> --verbose`: each model's `provider/model` line followed by its JSON. */
export function parseVerboseModels(stdout: string): Map<string, ModelPrices | null> {
  const out = new Map<string, ModelPrices | null>()
  const blocks = stdout.split(/^(?=[^\s{}"[\]]+\/\S+\s*$)/m)
  for (const block of blocks) {
    const nl = block.indexOf('\n')
    if (nl < 0) continue
    const id = block.slice(0, nl).trim()
    if (!MODEL_LINE.test(id)) continue
    let prices: ModelPrices | null = null
    try {
      prices = pricesFromCost(entry(JSON.parse(block.slice(nl + 1)), 'cost'))
    } catch {
      // not a model's JSON: the model is listed (known), its price unknown
    }
    out.set(id, prices)
  }
  return out
}

/** A provider's models (`provider/model` → prices) as opencode lists them; null when it could not be asked. */
type ModelList = Map<string, ModelPrices | null> | null

const listed = new Map<string, Promise<ModelList>>()

async function listModels(lookup: PriceLookup, provider: string): Promise<ModelList> {
  const side = { side: 'a' as const, skill: null, skillUnderTest: '', model: lookup.model }
  const spec = { ...side, opencodeConfigPath: lookup.opencodeConfigPath, runRoot: lookup.runRoot }
  const ctx = await prepareSide({ ...spec, timeoutSec: 60, idleTimeoutSec: 60 }, lookup.env, lookup.bin)
  if (ctx.setupError || !ctx.bin) return null
  const setup = setupProcess(ctx, 'prices')
  try {
    const r = await queryOpencode({ bin: ctx.bin.path, cwd: setup.prepared.dirs.home, env: setup.env }, [
      'models',
      provider,
      '--verbose',
    ])
    // A provider neither opencode's catalog nor the config has: "Provider not found: <p>" (exit 1).
    if (r.failed && /Provider not found/i.test(String(r.stderr ?? ''))) return new Map()
    return r.failed && !r.stdout ? null : parseVerboseModels(String(r.stdout ?? ''))
  } finally {
    removePrivateDirs(setup.prepared.dirs)
  }
}

/** The model's prices; null when unknown (not priced, or opencode could not list it). Never throws. */
export async function lookupPrices(
  lookup: PriceLookup,
  userConfig: UserConfig | null,
): Promise<ModelPrices | null> {
  const configured = configuredPrices(userConfig?.config ?? null, lookup.model)
  if (configured !== undefined) return configured
  return (await modelsOfProvider(lookup))?.get(lookup.model) ?? null
}

/**
 * The model's provider's list, asked once per binary, config file (as it is now: an edited config is asked
 * again, so a provider just added is found) and provider; null when not asked.
 */
function modelsOfProvider(lookup: PriceLookup): Promise<ModelList> {
  const provider = providerOf(lookup.model)
  if (!provider || !lookup.askOpencode) return Promise.resolve(null)
  const config = opencodeConfigPathOf(lookup.opencodeConfigPath, lookup.env)
  const key = JSON.stringify([lookup.bin, config, fileStamp(config), provider])
  let pending = listed.get(key)
  if (!pending) {
    pending = listModels(lookup, provider).catch(() => null)
    listed.set(key, pending)
  }
  return pending
}

function fileStamp(path: string | undefined): string {
  if (!path) return ''
  try {
    const st = statSync(path)
    return `${st.mtimeMs}:${st.size}`
  } catch {
    return 'missing'
  }
}

/**
 * What is wrong with the model by opencode's own list, as the runs' pre-flight would say it (the setup form
 * shows it before Create); null when the model is known, the config defines it, or opencode was not asked.
 */
export async function lookupModelProblem(
  lookup: PriceLookup,
  userConfig: UserConfig | null,
): Promise<string | null> {
  if (configuredPrices(userConfig?.config ?? null, lookup.model) !== undefined) return null
  const models = await modelsOfProvider(lookup)
  return models ? modelProblem(lookup.model, [...models.keys()]) : null
}
