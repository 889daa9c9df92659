// The local OS user who starts a run (invariant 2): never a service identity.
import { userInfo } from 'node:os'

export function localUser(env: NodeJS.ProcessEnv = process.env): string {
  try {
    const name = userInfo().username
    if (name) return name
  } catch {
    // no passwd entry for this uid (e.g. a container): fall back to the environment
  }
  return env.USER || env.LOGNAME || env.USERNAME || `uid-${process.getuid?.() ?? 'unknown'}`
}
