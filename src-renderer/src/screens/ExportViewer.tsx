// Opens a shared export read-only with the task screens: its per-case table and decision (tabs), a run's detail,
// a case's a and b side by side; nothing to run. A full export (`export --full`) adds outputs and diffs.
import { FileButton } from '../components/FileButton'
import { useCallback, useMemo, useState } from 'react'
import type { Decision } from '../../../src-shared/decision'
import type { OpenedExport } from '../../../src-shared/export-read'
import { DemoBadge } from '../components/badges'
import { caseRounds, exportSides } from './case/case-rounds'
import { CaseSideBySide } from './case/CaseSideBySide'
import { ExportRunDetail } from './export/ExportRunDetail'
import { exportRows, exportRuns } from './export/export-runs'
import { openExportFile } from './export/open-export'
import { DecisionPanel } from './task/DecisionPanel'
import { RunTable } from './task/RunTable'

type View =
  { kind: 'table' } | { kind: 'decision' } | { kind: 'run'; runId: string } | { kind: 'case'; caseId: string }

/** The tabs of a local task's screen that an export has; a reviewer starts with the decision. */
const TABS = [
  { kind: 'decision', label: 'Decision' },
  { kind: 'table', label: 'Runs' },
] as const

export function ExportViewer() {
  const [doc, setDoc] = useState<OpenedExport | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [view, setView] = useState<View>({ kind: 'decision' })
  const runs = useMemo(() => (doc ? exportRuns(doc) : []), [doc])
  const table = useMemo(() => (doc ? exportRows(doc) : { rows: [], rounds: 1 }), [doc])
  const open = async (file: File) => {
    try {
      setDoc(await openExportFile(file))
      setView({ kind: 'decision' })
      setError(null)
    } catch (err) {
      setError((err as Error).message)
    }
  }
  const toTable = useCallback(() => setView({ kind: 'table' }), [])
  const openCase = (caseId: string) => setView({ kind: 'case', caseId })
  const run = doc && view.kind === 'run' ? doc.runs.find((r) => r.id === view.runId) : undefined
  return (
    <div className="page wide stack">
      <div className="row">
        <h1 className="grow">Open an export (read-only)</h1>
        <FileButton onFile={(file) => void open(file)}>Choose a .json file…</FileButton>
      </div>
      {error && <div className="banner error">{error}</div>}
      {!doc && !error && (
        <div className="empty">
          An export from `skill-ab export` or the Export button: its decision and every run, without running
          anything. A full export (`--full`, or “with outputs”) also shows each run’s output and diff.
        </div>
      )}
      {doc && (
        <div className="card">
          <h2>
            {doc.task.name} {doc.demo && <DemoBadge />}
          </h2>
          <div className="muted small">
            exported {new Date(doc.exportedAt).toLocaleString()} · skill {doc.skillVersions.b?.name}{' '}
            {doc.skillVersions.b?.label} vs{' '}
            {doc.skillVersions.a ? `${doc.skillVersions.a.label}` : 'no skill'} · agent{' '}
            {doc.environment.agentModel} · judge {doc.environment.judgeModel} · opencode{' '}
            {doc.environment.opencodeVersion ?? '?'} · {doc.full ? 'with outputs and diffs' : 'scores only'}
          </div>
        </div>
      )}
      {doc && run && <ExportRunDetail doc={doc} run={run} onBack={toTable} onOpenCase={openCase} />}
      {doc && view.kind === 'case' && (
        <CaseSideBySide
          caseId={view.caseId}
          rounds={caseRounds(exportSides(doc, view.caseId))}
          onBack={toTable}
          text={null}
          onOpenRun={(runId) => setView({ kind: 'run', runId })}
        />
      )}
      {doc && (view.kind === 'table' || view.kind === 'decision') && (
        <div className="tabs" role="tablist">
          {TABS.map((t) => (
            <a
              key={t.kind}
              href="#/export"
              role="tab"
              aria-selected={view.kind === t.kind}
              onClick={(e) => {
                e.preventDefault()
                setView({ kind: t.kind })
              }}
            >
              {t.label}
            </a>
          ))}
        </div>
      )}
      {doc && view.kind === 'decision' && (
        <DecisionPanel
          decision={doc.decision as unknown as Decision}
          runs={runs}
          spend={doc.spend}
          onOpenCase={openCase}
        />
      )}
      {doc && view.kind === 'table' && (
        <RunTable
          rows={table.rows}
          rounds={table.rounds}
          selected={new Set()}
          onToggle={() => {}}
          onOpenRun={(r) => setView({ kind: 'run', runId: r.id })}
          actions={(row) => (
            <button className="small" onClick={() => openCase(row.caseId)}>
              a vs b
            </button>
          )}
          failedRunScore={doc.decision.failures.failedRunScore ?? 'missing'}
          stateKey={`export:${doc.task.id}:${doc.exportedAt}`}
        />
      )}
    </div>
  )
}
