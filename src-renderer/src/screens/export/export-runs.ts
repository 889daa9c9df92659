// Pure: an opened export's runs as the task screens' run views (the table, the case view, the compare screen).
import type { OpenedExport } from '../../../../src-shared/export-read'
import type { RunView } from '../../../../src-shared/ipc-views'
import { totalTokens } from '../../../../src-shared/run-rules'
import { buildRows } from '../task/run-rows'

export function exportRunView(doc: OpenedExport, r: OpenedExport['runs'][number]): RunView {
  return {
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
  }
}

export function exportRuns(doc: OpenedExport): RunView[] {
  return doc.runs.map((r) => exportRunView(doc, r))
}

/** The export's per-case table rows, its means counted as its decision counted them. */
export function exportRows(doc: OpenedExport): ReturnType<typeof buildRows> {
  return buildRows(
    exportRuns(doc),
    doc.cases.map((c) => c.caseId),
    doc.decision.failures.failedRunScore ?? 'missing',
  )
}
