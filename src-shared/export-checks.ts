// What an export's runs must be beyond their shape, checked wherever one is read — Open export and
// `skill-ab merge` alike — so a document no run of the app could have written is refused, never decided on:
// one entry per run id and per case × side × round, a shard's runs inside its slice (its nesting depth:
// json-depth.ts), and the size an export file may be, checked before it is read.
import { overLimit } from './bytes'

/**
 * The largest export file read (Open export and compare in the app, `merge`, `decide`'s stdin): a task of
 * thousands of runs exports tens of MiB, and a string of about 512 MiB is more than JavaScript can hold.
 */
export const MAX_EXPORT_BYTES = 256 * 1024 * 1024

/** What to do with an export over the limit. */
export const EXPORT_TOO_LARGE_FIX = 'give an export skill-ab wrote (no task exports that much)'

/** `the export is 913 MiB, over the 256 MiB limit` for an export of `bytes`, or null within the limit. */
export function exportSizeProblem(bytes: number): string | null {
  return bytes > MAX_EXPORT_BYTES ? `the export ${overLimit(bytes, MAX_EXPORT_BYTES)}` : null
}

interface CheckedRun {
  id: string
  caseId: string
  side: string
  round: number
}

/** The first thing wrong with a parsed document's runs, or null. */
export function runDocumentProblem(doc: {
  runs: readonly CheckedRun[]
  shard?: { index: number; count: number; cases: readonly string[] } | null
}): string | null {
  const ids = new Set<string>()
  const keys = new Set<string>()
  for (const [i, run] of doc.runs.entries()) {
    if (ids.has(run.id)) return `runs.${i}: run id "${run.id}" appears twice`
    ids.add(run.id)
    const key = `${run.caseId} · ${run.side} · round ${run.round}`
    if (keys.has(key)) return `runs.${i}: a second run of ${key}`
    keys.add(key)
  }
  const shard = doc.shard
  if (!shard || shard.index === 0) return null
  if (shard.index > shard.count)
    return `shard: ${shard.index}/${shard.count} is not a shard of ${shard.count}`
  const slice = new Set(shard.cases)
  const stray = doc.runs.findIndex((r) => !slice.has(r.caseId))
  if (stray >= 0)
    return `runs.${stray}: case "${doc.runs[stray]?.caseId}" is not in shard ${shard.index}/${shard.count}'s cases`
  return null
}
