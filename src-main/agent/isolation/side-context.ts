// What a side prepares once (binary, version, provider config, rg, auth) and per-process dirs + env from it.
import { randomBytes } from 'node:crypto'
import { dirname } from 'node:path'
import { homedir } from 'node:os'
import {
  createPrivateDirs,
  findRipgrep,
  removePrivateDirs,
  type PreparedDirs,
  type Ripgrep,
} from './private-dirs'
import { ensureOfferedCopy } from './offered-copy'
import { findOpencodeBin, opencodeVersion, type OpencodeBin } from '../opencode/opencode-bin'
import { missingOpencodeMessage, versionNote } from '../opencode/opencode-packages'
import { makeRedactor, type Redactor } from './redact'
import { buildConfigContent, buildRunEnv, RUN_MARKER_VAR } from './run-env'
import type { SandboxPolicy } from './sandbox'
import { processPolicy } from './sandbox-policy'
import { authFileSecrets, secretRedactor, secretSources } from './secret-values'
import { forbiddenFor, probeSandbox } from './sandbox-proof'
import { SANDBOX_START_HINT, sandboxWords, sideSandbox, type SideSandboxState } from './side-sandbox'
import type { IsolationProof, SideSpec } from '../types'
import { loadUserConfig, userAuthFile, type UserConfig } from '../opencode/user-config'

export interface SideContext {
  spec: SideSpec
  parentEnv: NodeJS.ProcessEnv
  bin: OpencodeBin | null
  version: string | null
  userConfig: UserConfig | null
  ripgrep: Ripgrep
  authFile: string | null
  /**
   * Every value this side's processes get from the user (config references and literals, provider variables,
   * the auth file's credentials), longest first, and the redactor replacing them in whatever is kept.
   */
  secrets: string[]
  redact: Redactor
  /** `<dataDir>/skills/<name>/<hash>/offered` (holds the offered `<name>/SKILL.md`), or null without a skill. */
  skillsPath: string | null
  /** Why this side cannot run at all (no binary, unreadable config), else null. */
  setupError: string | null
  /** Why the binary did not answer `--version` (the proof fails; runs still try and report spawn_failed). */
  versionError: string | null
  /** Notes for the proof message (ripgrep missing, config keys left out). */
  notes: string[]
  /** Whether this side's agents run sandboxed, and the side's policy. */
  sandbox: SideSandboxState
}

/** The provider id of `provider/model`. */
export function providerOf(model: string): string | null {
  const i = model.indexOf('/')
  return i > 0 ? model.slice(0, i) : null
}

export async function prepareSide(
  spec: SideSpec,
  parentEnv: NodeJS.ProcessEnv,
  binPath?: string,
): Promise<SideContext> {
  const notes: string[] = []
  let setupError: string | null = null
  const bin: OpencodeBin | null = binPath
    ? { path: binPath, source: 'env', detail: 'createProcessDriver({ bin })' }
    : findOpencodeBin({ env: parentEnv })
  let version: string | null = null
  let versionError: string | null = null
  if (!bin) {
    setupError = missingOpencodeMessage(process)
  } else {
    try {
      version = await opencodeVersion(bin.path, parentEnv.PATH)
      const note = bin.source === 'path' ? versionNote(version) : null
      if (note) notes.push(note)
    } catch (err) {
      versionError = (err as Error).message
    }
  }
  let userConfig: UserConfig | null = null
  try {
    userConfig = loadUserConfig(spec.opencodeConfigPath, parentEnv)
    if (userConfig.dropped.length) {
      notes.push(
        `left out of the provider config (${userConfig.sources.join(', ')}): ${userConfig.dropped.join(', ')}`,
      )
    }
  } catch (err) {
    setupError ??= (err as Error).message
  }
  const ripgrep = findRipgrep(parentEnv.PATH)
  if (!ripgrep.path)
    notes.push("ripgrep (rg) not found: the agent's grep and glob tools will fail; install ripgrep")
  if (!providerOf(spec.model)) setupError ??= `model "${spec.model}" is not of the form provider/model`
  const authFile = userAuthFile(parentEnv)
  const { secrets, redact } = secretRedactor(secretSources(userConfig, parentEnv, authFileSecrets(authFile)))
  let skill = spec.skill
  try {
    skill = skill && { ...skill, offeredDir: skill.offeredDir ?? ensureOfferedCopy(skill.snapshotDir) }
  } catch (err) {
    setupError ??= `could not copy the skill for opencode from ${spec.skill?.snapshotDir}: ${(err as Error).message}`
  }
  const skillsPath = skill ? dirname(skill.offeredDir ?? skill.snapshotDir) : null
  const sandbox = sideSandbox({
    spec,
    userConfig,
    providers: providersOf(spec, userConfig),
    env: parentEnv,
    readable: [
      ...(skillsPath ? [skillsPath] : []),
      ...(bin ? [dirname(bin.path)] : []),
      ...(ripgrep.path ? [dirname(ripgrep.path)] : []),
    ],
  })
  const side = { spec, parentEnv, secrets, redact, userConfig, ripgrep, authFile, version, skillsPath }
  const settled = await settleSandbox(sandbox, side)
  setupError ??= settled.refusal
  return {
    spec: { ...spec, skill },
    parentEnv,
    bin,
    version,
    userConfig,
    ripgrep,
    authFile,
    secrets,
    redact,
    skillsPath,
    // What the user gave may appear in them (a config's text, a failing binary's output).
    setupError: setupError === null ? null : redact(setupError),
    versionError: versionError === null ? null : redact(versionError),
    notes,
    sandbox: settled,
  }
}

/** The side's sandbox once its probe ran (docs/sandbox.md): on, off (auto, where it cannot start), or refused. */
async function settleSandbox(
  state: SideSandboxState,
  ctx: Omit<ProcessContext, 'sandbox'>,
): Promise<SideSandboxState> {
  if (!state.policy || state.refusal) return state
  let setup: ProcessSetup
  try {
    setup = setupProcess({ ...ctx, sandbox: state }, `sandbox-probe-${ctx.spec.side}`)
  } catch (err) {
    return { ...state, refusal: `could not prepare the sandbox's probe: ${(err as Error).message}` }
  }
  try {
    const dataDir = dirname(ctx.spec.runRoot)
    const probe = await probeSandbox({
      policy: setup.sandbox ?? state.policy,
      cwd: setup.prepared.dirs.home,
      env: setup.env,
      forbiddenReads: forbiddenFor(dataDir, ctx.spec.sealed?.files ?? [], ctx.parentEnv.HOME || homedir()),
      forbiddenWriteIn: dirname(dataDir),
    })
    if (probe.ok) return state
    const message = ctx.redact(probe.message)
    if (probe.ran) return { ...state, refusal: `${message}: skill-ab will not run this side` }
    const why = `${message}; ${SANDBOX_START_HINT}`
    return ctx.spec.sandbox?.mode === 'required'
      ? { ...state, policy: null, detail: why, refusal: `agent.sandbox is "required", but ${why}` }
      : { ...state, policy: null, detail: why }
  } finally {
    removePrivateDirs(setup.prepared.dirs)
  }
}

/** The proof's message with what the side's context adds: its sandbox, and notes (ripgrep, config keys). */
export function withSideNotes(ctx: SideContext, proof: IsolationProof): IsolationProof {
  const notes = ctx.notes.length ? `; note: ${ctx.notes.join('; ')}` : ''
  // A side no task asked a sandbox of (doctor's throwaway checks, a driver's own tests) says nothing of it.
  const sandbox = ctx.spec.sandbox ? `; sandbox ${sandboxWords(ctx.sandbox)}` : ''
  return { ...proof, message: `${proof.message}${sandbox}${notes}` }
}

/** Every provider in the user's config plus the model's. */
function providersOf(spec: SideSpec, userConfig: UserConfig | null): string[] {
  return [...(userConfig?.providers ?? []), providerOf(spec.model) ?? ''].filter(Boolean)
}

/** What setupProcess reads of a side. */
type ProcessContext = Pick<
  SideContext,
  | 'spec'
  | 'parentEnv'
  | 'version'
  | 'userConfig'
  | 'ripgrep'
  | 'authFile'
  | 'secrets'
  | 'redact'
  | 'skillsPath'
  | 'sandbox'
>

export interface ProcessSetup {
  prepared: PreparedDirs
  env: Record<string, string>
  marker: { name: string; value: string }
  redact: Redactor
  secrets: string[]
  /** The process's sandbox policy (its private dirs added to the side's); null: it runs unsandboxed. */
  sandbox: SandboxPolicy | null
}

/**
 * Private dirs and the clean env for one opencode process of this side (proof, run or judge).
 * `configOverrides` replace top-level keys of OPENCODE_CONFIG_CONTENT (the judge's agent and permissions).
 */
export function setupProcess(
  ctx: ProcessContext,
  label: string,
  configOverrides: Record<string, unknown> = {},
): ProcessSetup {
  const prepared = createPrivateDirs({
    runRoot: ctx.spec.runRoot,
    label,
    // Only the dependency's name decides whether opencode installs it; the version is informative.
    opencodeVersion: ctx.version ?? 'latest',
    ripgrep: ctx.ripgrep,
    authFile: ctx.authFile,
    providerConfig: ctx.userConfig?.config ?? null,
  })
  const providers = providersOf(ctx.spec, ctx.userConfig)
  const configContent = {
    ...buildConfigContent({
      skillsPath: ctx.skillsPath,
      providers,
      idleTimeoutSec: ctx.spec.idleTimeoutSec,
      tmpDir: prepared.dirs.tmp,
      sealed: ctx.spec.sealed,
      // runRoot is `<dataDir>/tmp`: the data dir holds every work dir, private dir and snapshot.
      workBase: dirname(ctx.spec.runRoot),
    }),
    ...configOverrides,
  }
  const marker = { name: RUN_MARKER_VAR, value: prepared.dirs.root }
  const env = buildRunEnv({
    parent: ctx.parentEnv,
    dirs: prepared.dirs,
    configFile: prepared.configFile,
    configContent,
    envRefs: ctx.userConfig?.envRefs ?? [],
    marker: marker.value,
  })
  const sandbox = ctx.sandbox.policy && processPolicy(ctx.sandbox.policy, prepared.dirs.root)
  return { prepared, env, marker, redact: ctx.redact, secrets: ctx.secrets, sandbox }
}

/** The env variable of an `opencode serve`'s API password (basic auth, user `opencode`). */
export const SERVER_PASSWORD_VAR = 'OPENCODE_SERVER_PASSWORD'

/**
 * The setup of one `opencode serve` of this side (or the judge's): setupProcess's, plus a random password
 * for its API. Without one, any process on the machine could use it on 127.0.0.1 — an agent probing the
 * ports could read the judge's sessions, which hold the expected outputs. The server's own agents inherit
 * the password: it is redacted like a credential.
 */
export function setupServer(
  ctx: SideContext,
  label: string,
  configOverrides: Record<string, unknown> = {},
): ProcessSetup & { password: string } {
  const setup = setupProcess(ctx, label, configOverrides)
  const password = randomBytes(24).toString('base64url')
  const secrets = [...setup.secrets, password].sort((a, b) => b.length - a.length)
  return {
    ...setup,
    env: { ...setup.env, [SERVER_PASSWORD_VAR]: password },
    secrets,
    redact: makeRedactor(secrets),
    password,
  }
}
