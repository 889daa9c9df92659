// Pre-flight checks (`skill-ab doctor`): environment, data dir, opencode, and — with a config — the inputs,
// the provider's reachability, the model and each side's isolation proof. Every check says what it found and, when it fails, what to do.
import { sandboxSupport } from '../agent/isolation/sandbox'
import { findRipgrep } from '../agent/isolation/private-dirs'
import { findOnPath, findOpencodeBin, opencodeVersion } from '../agent/opencode/opencode-bin'
import { missingOpencodeMessage, versionNote } from '../agent/opencode/opencode-packages'
import { failedProofGroups } from '../agent/isolation/skill-proof'
import { pingProviders } from '../agent/opencode/provider-ping'
import type { SealedPaths } from '../agent/types'
import { dataDir, fileSystemFault, openStore, quickCheck } from '../db'
import { loadDataset, selectCases } from '../inputs/dataset'
import { checkExpectationsCases } from '../inputs/expectations-check'
import { reasonOf } from '../inputs/errors'
import { loadTaskConfig, type LoadedTaskConfig } from '../inputs/load-config'
import { setupWarnings } from './setup-warnings'
import { answerKeyOf } from '../inputs/sealed-paths'
import { type CheckedSkill, type SkillSnapshot } from '../inputs/skill'
import { checkSourcesSealed, inspectSource, releaseSource } from '../inputs/skill-source'
import { defaultLabel, storeSnapshot } from '../inputs/skill-snapshot'
import { describeGitVersion } from '../inputs/git-version'
import { describeLeftOut } from '../inputs/skill-files'
import { createDriver } from './app-context'
import { checkSidesDiffer } from './prepare-task'
import { configToStore } from './parts/config-to-store'
import { sideSpecs } from './parts/task-plan'
import { checkBudgetPrices } from './budget'
import { resolveTaskPrices } from './parts/task-prices'
import { formatPrices } from '../../src-shared/prices'
import { judgeModelOf } from '../../src-shared/task-config'
import { plural } from '../../src-shared/plural'

export interface Check {
  name: string
  ok: boolean
  detail: string
}

export async function runDoctor(env: NodeJS.ProcessEnv, configFile?: string): Promise<Check[]> {
  const checks: Check[] = []
  const dir = dataDir(env)
  const add = (name: string, ok: boolean, detail: string): void => void checks.push({ name, ok, detail })
  const attempt = async (name: string, fn: () => string | Promise<string>): Promise<boolean> => {
    try {
      add(name, true, await fn())
      return true
    } catch (err) {
      // A storage fault (StoreError) says what to do in its message; its code is a key for programs.
      const fault = fileSystemFault(err, dir)
      add(name, false, fault ? fault.message : reasonOf(err))
      return false
    }
  }

  add('node', true, `Node ${process.versions.node}`)
  await attempt('data dir', () => {
    const store = openStore(dir)
    try {
      quickCheck(store.db, store.file)
    } finally {
      store.close()
    }
    return `${dir} (database ok)`
  })
  const bin = findOpencodeBin({ env })
  if (!bin) add('opencode', false, missingOpencodeMessage(process))
  else
    await attempt('opencode', async () => {
      const version = await opencodeVersion(bin.path, env.PATH)
      const note = bin.source === 'path' ? versionNote(version) : null
      return `${version} at ${bin.path} (${bin.source}: ${bin.detail})${note ? `; ${note}` : ''}`
    })
  const rg = findRipgrep(env.PATH)
  add(
    'ripgrep',
    rg.path !== null,
    rg.path ??
      "not found: opencode's grep and glob tools will fail; install ripgrep (apt-get install ripgrep)",
  )
  const git = findOnPath('git', env.PATH)
  add('git', git !== null, git ?? 'not found: every run works in a git repo; install git')
  const sandbox = sandboxSupport()
  add(
    'sandbox',
    true,
    sandbox.ok
      ? `on (${sandbox.detail}): every agent runs in it, with only its own files and its model provider`
      : `off: ${sandbox.detail}; tasks still run, and each decision warns no-sandbox (agent.sandbox "required" refuses to run)`,
  )
  if (!configFile) return checks

  let loaded: LoadedTaskConfig | undefined
  await attempt('config', () => {
    loaded = loadTaskConfig(configFile, { env })
    return [`${configFile} is valid`, ...setupWarnings(loaded, env).map((w) => `warning: ${w}`)].join('; ')
  })
  if (!loaded) return checks
  await checkInputs(loaded, { env, dir, add, attempt })
  return checks
}

interface CheckKit {
  env: NodeJS.ProcessEnv
  dir: string
  add: (name: string, ok: boolean, detail: string) => void
  attempt: (name: string, fn: () => string | Promise<string>) => Promise<boolean>
}

/** The config's inputs, prices and each side's isolation proof; a git version's temp files are removed after. */
async function checkInputs(loaded: LoadedTaskConfig, { env, dir, add, attempt }: CheckKit): Promise<void> {
  const { config, resolved } = loaded
  // The same checks and messages as `run` (inspectSkill); snapshots are written only for the side proofs.
  const baselineLabel = config.baseline.kind === 'skill' ? config.baseline.label : undefined
  let checkedSkill: CheckedSkill | undefined
  let checkedBaseline: CheckedSkill | null | undefined = null
  try {
    await attempt('skill', () => {
      checkedSkill = inspectSource(resolved.skill)
      return describeSkill(checkedSkill, config.skill.label)
    })
    if (resolved.baseline) {
      const source = resolved.baseline
      checkedBaseline = undefined
      await attempt('baseline', () => {
        const inspected = inspectSource(source, 'baseline')
        if (checkedSkill) checkSidesDiffer(checkedSkill, inspected)
        checkedBaseline = inspected
        return describeSkill(inspected, baselineLabel)
      })
    } else add('baseline', true, 'no skill')
    let sealed: SealedPaths | undefined
    await attempt('dataset', () => {
      const dataset = loadDataset(resolved.datasetPath, { skillRoot: resolved.skillPath })
      checkSourcesSealed(resolved, dataset, checkedSkill, checkedBaseline)
      sealed = answerKeyOf(dataset, dir)
      const picked = selectCases(dataset.cases, config.cases, { datasetFile: dataset.file })
      checkExpectationsCases(config, picked)
      return `${dataset.format}, ${picked.length} of ${dataset.cases.length} cases selected`
    })
    add(
      'provider config',
      true,
      resolved.opencodeConfigPath ??
        'none given: opencode uses your global config and environment credentials',
    )
    const models = [config.agent.model, judgeModelOf(config)]
    const pings = await pingProviders(models, resolved.opencodeConfigPath, env)
    for (const { ping } of pings ?? [])
      add('provider', ping.ok, ping.fix ? `${ping.detail}: ${ping.fix}` : ping.detail)
    const prices = await resolveTaskPrices(config, resolved.opencodeConfigPath, env, dir, {
      askOpencode: true,
    })
    const judgeModel = judgeModelOf(config)
    let capRefused: string | null = null
    try {
      checkBudgetPrices(config, prices)
    } catch (err) {
      capRefused = reasonOf(err)
    }
    add(
      'prices',
      capRefused === null,
      `agent ${config.agent.model}: ${formatPrices(prices.agent)}; judge ${judgeModel}: ${formatPrices(prices.judge)}` +
        (capRefused ? `; ${capRefused}` : prices.agent ? '' : ' (dollars are not computed without prices)'),
    )
    // A refused skill or baseline stops here: nothing is written for it, not even the other side's snapshot.
    if (!checkedSkill || checkedBaseline === undefined) return
    let skill: SkillSnapshot
    let baseline: SkillSnapshot | null
    try {
      skill = storeSnapshot(checkedSkill, dir, { label: config.skill.label })
      baseline = checkedBaseline ? storeSnapshot(checkedBaseline, dir, { label: baselineLabel }) : null
    } catch (err) {
      add('snapshot', false, fileSystemFault(err, dir)?.message ?? reasonOf(err))
      return
    }

    // Proved on the driver the task runs on: a proof made on another transport says nothing of this one.
    const driver = createDriver(config.agent.driver, env)
    // The sides as the task's runs get them: the same specs `run` builds (sandbox, answer key, limits).
    const sides = sideSpecs({
      config: configToStore(config, resolved, skill.git, baseline?.git),
      skill,
      baseline,
      sealed,
      opencodeConfigPath: resolved.opencodeConfigPath,
      configFile: loaded.configFile,
      dataDir: dir,
    })
    const sessions = await Promise.all([driver.openSide(sides.a), driver.openSide(sides.b)])
    const model = config.agent.model
    const named = (message: string): string => (message.includes(model) ? message : `${model}: ${message}`)
    for (const s of sessions) {
      const on = ` (on the ${driver.name} driver, as the task runs)`
      if (s.proof.ok) add(`side ${s.proof.side}`, true, `${named(s.proof.message)}${on}`)
      await s.close()
    }
    // A problem both sides share (a model opencode does not know) is one line, for both.
    for (const g of failedProofGroups(sessions.map((s) => s.proof))) add(g.label, false, named(g.message))
  } finally {
    releaseSource(checkedSkill)
    releaseSource(checkedBaseline)
  }
}

/** "pirate-speak 1a2b3c4d (sha256:…); 12 files, evals/ and 2 ignored files left out of the snapshot". */
function describeSkill(skill: CheckedSkill, label: string | undefined): string {
  const { files, evalsFiles, ignored } = skill.selection
  const leftOut = describeLeftOut({ evalsFiles, ignored })
  const count = plural(files.length, 'file')
  const shown = label ?? defaultLabel(skill)
  const commit = skill.git
    ? ` from ${skill.git.repo} ${skill.git.ref} (${describeGitVersion(skill.git)})`
    : ''
  return `${skill.name} ${shown}${commit} (${skill.contentHash}); ${count}${leftOut ? `, ${leftOut}` : ''}`
}
