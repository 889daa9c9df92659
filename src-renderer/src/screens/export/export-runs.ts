// Pure: an opened export's runs as the task screens' run views (the table, the case view, the compare screen).
import type { OpenedExport } from '../../../../src-shared/export-read'
import type { RunView } from '../../../../src-shared/ipc-views'
import { lacksEvidence, recordsEvidence } from '../../../../src-shared/offered-skills'
import { totalTokens } from '../../../../src-shared/run-rules'
import { buildRows } from '../task/run-rows'

export function exportRunView(
  doc: OpenedExport,
  r: OpenedExport['runs'][number],
  recorded = recordsEvidence(doc.runs),
): RunView {
  return {
    id: r.id,
    taskId: doc.task.id,
    caseId: r.caseId,
    round: r.round,
    side: r.side,
    status: r.status,
    failureType: r.failureType,
    failureMessage: r.failureMessage ?? null,
    durationMs: r.durationMs,
    totalTokens: totalTokens(r.tokens),
    score: r.score,
    skillLoaded: r.skillLoaded,
    withoutEvidence: recorded && lacksEvidence(r, doc.skillVersions.a !== null),
  }
}

export function exportRuns(doc: OpenedExport): RunView[] {
  const recorded = recordsEvidence(doc.runs)
  return doc.runs.map((r) => exportRunView(doc, r, recorded))
}

/** The export's per-case table rows, its means counted as its decision counted them. */
export function exportRows(doc: OpenedExport): ReturnType<typeof buildRows> {
  return buildRows(
    exportRuns(doc),
    doc.cases.map((c) => c.caseId),
    doc.decision.failures.failedRunScore ?? 'missing',
  )
}
