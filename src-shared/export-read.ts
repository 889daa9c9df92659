// Reads an export file back (the read-only viewer): the current version as is, a first-version (@1) file
// with the decision parts it predates filled in as "not measured" and a warning that says so.
import { runDocumentProblem } from './export-checks'
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth'
import { z } from 'zod'
import {
  EXPORT_SCHEMA_ID,
  EXPORT_SCHEMA_V1,
  exportDecisionV1Schema,
  exportSchema,
  type ExportDecision,
} from './export'

const exportV1Schema = exportSchema.extend({
  schema: z.literal(EXPORT_SCHEMA_V1),
  decision: exportDecisionV1Schema,
})
type ExportDocumentV1 = z.output<typeof exportV1Schema>

/** An opened export: the current document's shape, whichever version the file was written in. */
export const openedExportSchema = exportSchema.extend({
  schema: z.enum([EXPORT_SCHEMA_ID, EXPORT_SCHEMA_V1]),
})
export type OpenedExport = z.output<typeof openedExportSchema>

export const EXPORT_V1_WARNING = 'export-v1'

const NOT_RECORDED = `not recorded: the file was written as ${EXPORT_SCHEMA_V1}, before this part of the decision existed`

/** A @1 decision in the current shape: failures and trigger empty (n 0, nulls), no pairwise, a warning. */
export function upgradeV1Decision(d: ExportDocumentV1['decision']): ExportDecision {
  const alpha = typeof d.capability.alpha === 'number' ? d.capability.alpha : 0.05
  return {
    ...d,
    failures: {
      verdict: 'inconclusive',
      diff: null,
      ciLow: null,
      ciHigh: null,
      failuresA: 0,
      failuresB: 0,
      runsA: 0,
      runsB: 0,
      n: 0,
      sd: null,
      tStar: null,
      tolerance: 0.1,
      alpha,
      formula: NOT_RECORDED,
      excludedA: 0,
      excludedB: 0,
    },
    trigger: {
      a: null,
      b: { runs: 0, invoked: 0, rate: null, ciLow: null, ciHigh: null },
      minRate: 0.5,
      formula: NOT_RECORDED,
      liftInvoked: { estimate: null, n: 0 },
      liftNotInvoked: { estimate: null, n: 0 },
    },
    pairwise: null,
    primary: 'pointwise',
    warnings: [
      {
        code: EXPORT_V1_WARNING,
        message:
          `this export was written as ${EXPORT_SCHEMA_V1}, by an earlier version: it has no failures, trigger or pairwise parts, ` +
          'and its failed runs were left out of capability rather than scored 0; export the task again for them',
      },
    ],
  }
}

/** Parses a document read from a file; the error names the first problem. */
export function readExport(raw: unknown): { ok: true; doc: OpenedExport } | { ok: false; error: string } {
  if (nestsDeeperThan(raw))
    return { ok: false, error: `it nests deeper than ${MAX_JSON_DEPTH} levels, as no export does` }
  const schema = (raw as { schema?: unknown } | null)?.schema
  if (schema === EXPORT_SCHEMA_V1) {
    const v1 = exportV1Schema.safeParse(raw)
    if (!v1.success) return { ok: false, error: firstIssue(v1.error) }
    const problem = runDocumentProblem(v1.data)
    if (problem) return { ok: false, error: problem }
    return { ok: true, doc: { ...v1.data, decision: upgradeV1Decision(v1.data.decision) } }
  }
  const current = exportSchema.safeParse(raw)
  if (current.success) {
    const problem = runDocumentProblem(current.data)
    return problem ? { ok: false, error: problem } : { ok: true, doc: current.data }
  }
  if (typeof schema === 'string' && schema !== EXPORT_SCHEMA_ID)
    return {
      ok: false,
      error: `unknown export version "${schema}": this app reads ${EXPORT_SCHEMA_ID} and ${EXPORT_SCHEMA_V1}`,
    }
  return { ok: false, error: firstIssue(current.error) }
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'unknown shape'
  const field = issue.path.map(String).join('.')
  return field ? `${field}: ${issue.message}` : issue.message
}
