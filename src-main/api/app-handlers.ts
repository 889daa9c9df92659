// app.info, settings, the folder browser and input previews, and the bundled example / demo.
import { join } from 'node:path'
import { version as APP_VERSION } from '../../package.json'
import { findOpencodeBin } from '../agent/opencode/opencode-bin'
import { parseTaskConfig } from '../inputs/load-config'
import { detectOpencodeVersion } from '../services/export-task'
import { demoConfig, writeExampleFiles } from '../services/examples'
import type { AppInfo, Settings } from '../../src-shared/ipc-views'
import type { HostDeps } from './deps'
import { listFolder, previewDataset, previewSkill, gitVersionsOf, uiBaseDir } from './input-handlers'
import { startRun } from './run-job'
import { readSettings, writeSettings } from './settings'

export function appHandlers(d: HostDeps) {
  const { ctx } = d
  let opencodeVersion: Promise<string | null> | null = null
  return {
    'app.info': async (): Promise<AppInfo> => {
      const bin = findOpencodeBin({ env: ctx.env })
      opencodeVersion ??= detectOpencodeVersion(ctx.env)
      return {
        version: APP_VERSION,
        dataDir: ctx.dataDir,
        transport: d.transport,
        opencode: bin && { path: bin.path, version: await opencodeVersion, source: bin.source },
        providerConfig: ctx.env.OPENCODE_CONFIG ?? readSettings(ctx.dataDir).providerConfig,
        homeDir: uiBaseDir(ctx.env),
      }
    },
    'settings.get': () => readSettings(ctx.dataDir),
    'settings.set': (settings: Settings) => writeSettings(ctx.dataDir, settings),
    'files.list': ({ path }: { path?: string }) => listFolder(path, ctx.env),
    'inputs.skill': ({ path }: { path: string }) => previewSkill(path),
    'inputs.gitVersions': ({ path }: { path: string }) => gitVersionsOf(path),
    'inputs.dataset': ({ path, skillPath }: { path: string; skillPath?: string }) =>
      previewDataset(path, skillPath),
    'examples.create': async ({ demo }: { demo: boolean }) => {
      if (!demo) {
        const files = writeExampleFiles(join(ctx.dataDir, 'examples'))
        const settings = readSettings(ctx.dataDir)
        const config = {
          name: 'pirate-speak v2 vs no skill',
          skill: { path: files.skillPath, label: 'v2' },
          baseline: { kind: 'none' },
          dataset: { path: files.datasetPath },
          repeatRounds: 3,
          agent: { model: settings.defaultAgentModel ?? '', concurrency: settings.concurrency },
          ...(settings.defaultJudgeModel ? { judge: { model: settings.defaultJudgeModel } } : {}),
        }
        return { taskId: null, config }
      }
      const dir = join(ctx.dataDir, 'demo')
      writeExampleFiles(dir)
      const providerConfig = await d.demo.ensure()
      const config = demoConfig()
      const withProvider = {
        ...config,
        agent: { ...(config.agent as object), opencodeConfig: providerConfig },
      }
      const { taskId } = await startRun(d, parseTaskConfig(withProvider, dir, { env: ctx.env }))
      return { taskId, config: withProvider }
    },
    'examples.triggers': () => {
      const files = writeExampleFiles(join(ctx.dataDir, 'examples'))
      const settings = readSettings(ctx.dataDir)
      return {
        config: {
          name: 'pirate-speak description',
          skill: { path: files.skillPath },
          compareWith: { path: files.baselinePath },
          triggerSet: { path: files.triggerSetPath },
          agent: { model: settings.defaultAgentModel ?? '' },
        },
      }
    },
  }
}
