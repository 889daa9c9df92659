// What a person setting a task up is warned of before it runs: the config's own warnings (inputs) and those
// only the agent's env knows — a secret the runs see that is too short to be redacted safely.
import { secretSourcesFor, shortSecretWarnings } from '../agent/isolation/secret-values'
import type { LoadedTaskConfig } from '../inputs/load-config'

/** Every warning of a loaded task config (the CLI prints them, the setup form and doctor show them). */
export function setupWarnings(loaded: LoadedTaskConfig, env: NodeJS.ProcessEnv): string[] {
  return [
    ...loaded.warnings,
    ...shortSecretWarnings(secretSourcesFor(loaded.resolved.opencodeConfigPath, env)),
  ]
}
