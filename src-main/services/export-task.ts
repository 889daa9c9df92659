// The export document of one task as the front doors produce it, and writing it to files.
import { version as APP_VERSION } from '../../package.json'
import { findOpencodeBin, opencodeVersion } from '../agent/opencode/opencode-bin'
import { StoreError, type Store } from '../db'
import { buildExport, type ExportEnv } from '../export/build-export'
import { exportToJunit } from '../export/junit'
import { exportToBenchmark } from '../export/benchmark-json'
import { exportToMarkdown } from '../export/markdown'
import { taskSecrets } from '../export/redact'
import { DEMO_TASK_PREFIX } from '../../src-shared/demo'
import type { ExportDocument } from '../../src-shared/export'
import type { AppContext } from './app-context'
import { decidedTask } from './task-decision'
import { floorForTask } from './calibration'
import { writeTextFile, type OutputFile } from './output-files'
import { blindSpecOf } from './parts/evaluation-setup'
import { readStoredConfig } from '../../src-shared/stored-config'

/** The version of the opencode binary the app would use; null when there is none or it does not answer. */
export async function detectOpencodeVersion(env: NodeJS.ProcessEnv): Promise<string | null> {
  const bin = findOpencodeBin({ env })
  if (!bin) return null
  return opencodeVersion(bin.path, env.PATH).catch(() => null)
}

/** The export document of task `taskId`, over the runs and decision every view shows, with its noise floor. */
export function buildTaskExport(store: Store, taskId: string, env: ExportEnv): ExportDocument {
  const decided = decidedTask(store, taskId)
  const found = floorForTask(store, decided.task)
  // copied into plain objects: the document's loose type
  const noiseFloor = found && { ...found, floor: { ...found.floor, calls: { ...found.floor.calls } } }
  return { ...buildExport(store, decided, env), noiseFloor }
}

/**
 * The export of task `taskId`; `full`: with what the judge read of every run, blinded as judging blinds it
 * (README: "Reviewable shares").
 */
export async function exportTask(
  ctx: AppContext,
  taskId: string,
  env: NodeJS.ProcessEnv,
  opts: { full?: boolean } = {},
): Promise<ExportDocument> {
  const task = ctx.store.tasks.get(taskId)
  if (!task) throw new StoreError('not_found', `no A/B task with id ${taskId}`) // before starting opencode
  return buildTaskExport(ctx.store, taskId, {
    ...(opts.full ? { full: { blind: blindSpecOf(ctx.store, task) } } : {}),
    demo: task.taskName.startsWith(DEMO_TASK_PREFIX),
    opencodeVersion: await detectOpencodeVersion(env),
    app: APP_VERSION,
    secrets: taskSecrets(readStoredConfig(task.configJson).agent?.opencodeConfig, env),
  })
}

/** The files an export is written to (absolute paths); each one absent is not written. */
export interface ExportFiles {
  json?: string
  markdown?: string
  junit?: string
  /** skill-creator's benchmark.json shape (README "CI reports"). */
  benchmark?: string
}

/** Each file an export may be written to: its flag's key, its name in messages, its text. */
const REPORTS: { key: keyof ExportFiles; what: string; text: (doc: ExportDocument) => string }[] = [
  { key: 'json', what: 'the export', text: (doc) => `${JSON.stringify(doc, null, 2)}\n` },
  { key: 'markdown', what: 'the markdown summary', text: exportToMarkdown },
  { key: 'junit', what: 'the JUnit report', text: exportToJunit },
  {
    key: 'benchmark',
    what: 'the benchmark.json',
    text: (doc) => `${JSON.stringify(exportToBenchmark(doc), null, 2)}\n`,
  },
]

/** The files asked for, named for messages (checkOutputs refuses each one that may not be written). */
export function exportOutputs(files: ExportFiles): OutputFile[] {
  return REPORTS.flatMap(({ key, what }) => {
    const path = files[key]
    return path ? [{ path, what }] : []
  })
}

/** Writes the JSON, markdown, JUnit and/or benchmark files asked for; a file that cannot be written is a `storage` error. */
export function writeExportFiles(doc: ExportDocument, files: ExportFiles): void {
  for (const { key, what, text } of REPORTS) {
    const path = files[key]
    if (path) writeTextFile(path, text(doc), what)
  }
}
