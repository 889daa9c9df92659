// What determines a side-a run's execution, as one key (README "Baseline reuse"): runs of two tasks with the
// same key and case hash are interchangeable, so a later task may link an earlier one's instead of paying
// for it again.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { findOpencodeBin, opencodeVersion } from '../../agent/opencode/opencode-bin'
import type { SideSpec } from '../../agent/types'
import { loadUserConfig } from '../../agent/opencode/user-config'
import { canonicalJson } from '../../inputs/case-hash'

const sha256 = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex')}`

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return null
  }
}

/**
 * The user's opencode/provider config as the agents get it: the reduced config, the values of the variables
 * and files it refers to (hashed here, never stored), so a changed base URL, key or model option changes it.
 */
export function providerConfigFingerprint(configPath: string | undefined, env: NodeJS.ProcessEnv): string {
  const user = loadUserConfig(configPath, env)
  return sha256(
    canonicalJson({
      config: user.config,
      env: [...user.envRefs].sort().map((name) => [name, env[name] ?? null]),
      files: [...user.fileRefs].sort().map((file) => [file, readOrNull(file)]),
    }),
  )
}

/**
 * The reuse key of a task's side a: baseline kind and snapshot hash, agent model, opencode version, the
 * provider config's fingerprint, the transport (driver) and the timeouts. null when opencode cannot be found
 * (nothing will run, nothing is linked).
 */
export async function baselineKeyOf(
  side: SideSpec,
  driver: 'process' | 'server',
  env: NodeJS.ProcessEnv,
): Promise<string | null> {
  const bin = findOpencodeBin({ env })
  const version = bin ? await opencodeVersion(bin.path, env.PATH).catch(() => null) : null
  if (!version) return null
  return sha256(
    canonicalJson({
      baseline: side.skill ? { kind: 'skill', contentHash: side.skill.contentHash } : { kind: 'none' },
      model: side.model,
      opencode: version,
      providerConfig: providerConfigFingerprint(side.opencodeConfigPath, env),
      transport: driver,
      timeoutSec: side.timeoutSec,
      idleTimeoutSec: side.idleTimeoutSec,
    }),
  )
}
