// What every handler file is given: the process's services, its background jobs and the live patches.
import type { AppContext } from '../services/app-context'
import type { DemoModelServer } from '../demo/demo-model-server'
import type { JobRegistry } from './jobs'
import type { PatchSource } from './live-patches'
import type { StartupPhases } from './startup-phases'

export interface HostDeps {
  ctx: AppContext
  jobs: JobRegistry
  patches: PatchSource
  /** Tasks starting up in this process: their step per side. */
  startups: StartupPhases
  transport: 'electron' | 'serve'
  demo: DemoModelServer
}
