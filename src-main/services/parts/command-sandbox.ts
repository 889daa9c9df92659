// The OS sandbox a task's command evaluators run in (docs/sandbox.md): a command runs in the run's finished work
// dir, so it runs what the agent wrote there — under the agents' own rules, and with no network at all.
import { homedir } from 'node:os'
import type { SandboxPolicy } from '../../agent/isolation/sandbox'
import { sandboxSupport } from '../../agent/isolation/sandbox'
import { sidePolicy } from '../../agent/isolation/sandbox-policy'
import type { Store, TaskRow } from '../../db'
import type { DatasetFormat } from '../../inputs/dataset'
import { answerKeyOf } from '../../inputs/sealed-paths'
import { readStoredConfig } from '../../../src-shared/stored-config'
import { skillFoldersOf } from './config-to-store'

/** null: the task's `agent.sandbox` is "off", or this machine has no sandbox (its runs were warned of). */
export function commandSandboxOf(store: Store, task: TaskRow, env: NodeJS.ProcessEnv): SandboxPolicy | null {
  const config = readStoredConfig(task.configJson)
  if (config.agent?.sandbox === 'off' || !sandboxSupport().ok) return null
  const dataset = store.datasets.get(task.datasetId)
  return sidePolicy({
    dataDir: store.dataDir,
    sealed: dataset
      ? answerKeyOf({ file: dataset.path, format: dataset.format as DatasetFormat }, store.dataDir)
      : undefined,
    hidden: skillFoldersOf(config),
    home: env.HOME || homedir(),
    readable: [],
    hosts: [],
  })
}
