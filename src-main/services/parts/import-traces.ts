// Imported opencode sessions as a case analysis: each session is a case with one run on
// side b, recorded as `executed` with its trajectory, so the judge, the dedupe by trace and the batch
// lists work exactly as for runs the app executed. Nothing runs again: the sessions are what is judged.
import type { SessionTrace } from '../../agent/opencode/exported-session'
import { caseContentHash, type DatasetCaseInput, type RunRow, type Store, type TaskRow } from '../../db'
import { InputError } from '../../inputs/errors'
import type { ImportAnalysisConfig } from '../../../src-shared/case-analysis'

/** Imported traces have no skill snapshot: their task is filed under this pseudo skill and label. */
export const IMPORTED_SKILL = 'imported-traces'
export const IMPORTED_LABEL = 'import'
export const IMPORTED_FORMAT = 'opencode-sessions'

export interface ImportedTask {
  task: TaskRow
  created: boolean
  /** Sessions recorded as new runs by this call (a resumed import skips those it has). */
  added: number
}

/** The config as stored with the task (the data dir absolute, so a resume may start elsewhere). */
function importConfigJson(config: ImportAnalysisConfig, db: string): string {
  return JSON.stringify({ ...config, traces: { ...config.traces, dataDir: db } })
}

/** Creates (or resumes, same name) the analysis of `traces` read from the database `db`; one transaction. */
export function recordImportedTraces(
  store: Store,
  config: ImportAnalysisConfig,
  db: string,
  traces: readonly SessionTrace[],
  instanceId: string,
): ImportedTask {
  const identity = { skillName: IMPORTED_SKILL, skillVersion: IMPORTED_LABEL, taskName: config.name }
  return store.transaction(() => {
    const existing = store.tasks.findByIdentity(identity)
    if (existing) checkResume(existing, config)
    const previous: DatasetCaseInput[] = existing ? store.datasets.getCases(existing.datasetId) : []
    const known = new Set(previous.map((c) => c.caseKey))
    const cases = [
      ...previous,
      ...traces
        .filter((t) => !known.has(t.sessionId))
        .map((t): DatasetCaseInput => ({
          caseKey: t.sessionId,
          prompt: t.prompt,
          tags: t.title ? [t.title] : [],
        })),
    ]
    const { dataset } = store.datasets.import(db, IMPORTED_FORMAT, cases)
    const sv = store.skillVersions.upsert(IMPORTED_SKILL, IMPORTED_LABEL, 'none', '')
    const configJson = importConfigJson(config, db)
    const task = existing
      ? store.tasks.updateConfig(existing.id, configJson, dataset.id)
      : store.tasks.create({
          ...identity,
          configJson,
          skillVersionAId: null,
          skillVersionBId: sv.id,
          datasetId: dataset.id,
          kind: 'case',
        })
    const hashes = new Map(cases.map((c) => [c.caseKey, c.contentHash ?? caseContentHash(c)]))
    const added = store.runs.insertPending(
      task.id,
      traces.map((t) => ({
        caseKey: t.sessionId,
        round: 1,
        side: 'b' as const,
        caseHash: hashes.get(t.sessionId) ?? '',
      })),
    )
    const bySession = new Map(traces.map((t) => [t.sessionId, t]))
    for (const run of added) recordRun(store, run, bySession.get(run.caseKey) as SessionTrace, instanceId)
    return { task: store.tasks.get(task.id) ?? task, created: !existing, added: added.length }
  })
}

/** pending → running → executed, with the session's trajectory, tokens and cost (no process ran). */
function recordRun(store: Store, run: RunRow, t: SessionTrace, instanceId: string): void {
  store.trajectories.appendEvents(run.id, t.events)
  store.trajectories.finish(run.id, {
    sessionId: t.sessionId,
    prompt: t.prompt,
    finalOutput: t.folded.finalOutput,
    diff: '',
    stderrTail: null,
  })
  const step = (
    from: RunRow['status'],
    to: RunRow['status'],
    patch: Parameters<Store['runs']['update']>[1],
  ) => {
    if (!store.runs.transition(run.id, { from: [from], to, patch }))
      throw new Error(`run ${run.id}: ${from} → ${to} did not happen`)
  }
  step('pending', 'running', {
    sessionId: t.sessionId,
    instanceId,
    ...(t.createdAt ? { startedAt: t.createdAt } : {}),
  })
  step('running', 'executed', {
    sessionId: t.sessionId,
    tokens: t.folded.tokens,
    costUsd: t.folded.costUsd,
    finalOutput: t.folded.finalOutput,
    skillLoaded: null,
    skillVisible: null,
    ...(t.updatedAt ? { executedAt: t.updatedAt } : {}),
  })
}

/** A resume may add sessions; a changed judge model or evaluator list would mix different judgements. */
function checkResume(task: TaskRow, next: ImportAnalysisConfig): void {
  const prev = JSON.parse(task.configJson) as Partial<ImportAnalysisConfig>
  const changed = [
    prev.judge?.model !== next.judge.model && `--judge-model: "${prev.judge?.model}" → "${next.judge.model}"`,
    JSON.stringify(prev.evaluators) !== JSON.stringify(next.evaluators) && '--evaluators: the list changed',
  ].filter((x): x is string => typeof x === 'string')
  if (task.kind !== 'case' || changed.length)
    throw new InputError({
      field: '--name',
      message: `--name: the analysis "${next.name}" exists and cannot take these settings: ${changed.join('; ') || 'it is not an import'}`,
      fix: 'give the analysis another --name',
    })
}
