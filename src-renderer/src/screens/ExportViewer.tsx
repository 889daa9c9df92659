// Opens a shared export read-only: its decision and per-case table, nothing to run.
import { useMemo, useState } from 'react'
import type { Decision } from '../../../src-shared/decision'
import type { OpenedExport } from '../../../src-shared/export-read'
import type { RunView } from '../../../src-shared/ipc-views'
import { totalTokens } from '../../../src-shared/run-rules'
import { DemoBadge } from '../components/badges'
import { DecisionPanel } from './task/DecisionPanel'
import { buildRows } from './task/run-rows'
import { RunTable } from './task/RunTable'

export function exportRuns(doc: OpenedExport): RunView[] {
  return doc.runs.map((r) => ({
    id: r.id,
    taskId: doc.task.id,
    caseId: r.caseId,
    round: r.round,
    side: r.side,
    status: r.status,
    failureType: r.failureType,
    failureMessage: null,
    durationMs: r.durationMs,
    totalTokens: totalTokens(r.tokens),
    score: r.score,
    skillLoaded: r.skillLoaded,
  }))
}

export function ExportViewer() {
  const [doc, setDoc] = useState<OpenedExport | null>(null)
  const [error, setError] = useState<string | null>(null)
  const runs = useMemo(() => (doc ? exportRuns(doc) : []), [doc])
  const table = useMemo(
    () =>
      buildRows(
        runs,
        doc?.cases.map((c) => c.caseId) ?? [],
        doc?.decision.failures.failedRunScore ?? 'missing',
      ),
    [runs, doc],
  )
  const open = async (file: File) => {
    try {
      // The schema (and zod) load only when a file is opened: the rest of the app does not need them.
      // An export of the first version (@1) opens too, its missing decision parts marked as not recorded.
      const { readExport } = await import('../../../src-shared/export-read')
      const parsed = readExport(JSON.parse(await file.text()))
      if (!parsed.ok) throw new Error(`not a Skill A/B export: ${parsed.error}`)
      setDoc(parsed.doc)
      setError(null)
    } catch (err) {
      setError(`${file.name}: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
  return (
    <div className="page stack">
      <div className="row">
        <h1 className="grow">Open an export (read-only)</h1>
        <label className="button">
          Choose a .json file…
          <input
            type="file"
            accept=".json,application/json"
            hidden
            onChange={(e) => e.target.files?.[0] && void open(e.target.files[0])}
          />
        </label>
      </div>
      {error && <div className="banner error">{error}</div>}
      {!doc && !error && (
        <div className="empty">
          An export from `skill-ab export` or the Export button: its decision and every run, without running
          anything.
        </div>
      )}
      {doc && (
        <>
          <div className="card">
            <h2>
              {doc.task.name} {doc.demo && <DemoBadge />}
            </h2>
            <div className="muted small">
              exported {new Date(doc.exportedAt).toLocaleString()} · skill {doc.skillVersions.b?.name}{' '}
              {doc.skillVersions.b?.label} vs{' '}
              {doc.skillVersions.a ? `${doc.skillVersions.a.label}` : 'no skill'} · agent{' '}
              {doc.environment.agentModel} · judge {doc.environment.judgeModel} · opencode{' '}
              {doc.environment.opencodeVersion ?? '?'}
            </div>
          </div>
          <DecisionPanel decision={doc.decision as unknown as Decision} runs={runs} spend={doc.spend} />
          <RunTable
            rows={table.rows}
            rounds={table.rounds}
            selected={new Set()}
            onToggle={() => {}}
            onOpenRun={() => {}}
            failedRunScore={doc.decision.failures.failedRunScore ?? 'missing'}
          />
        </>
      )}
    </div>
  )
}
