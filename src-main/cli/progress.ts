// Live progress of a task on the terminal: one line per run that finished executing or being judged.
import { FAILURE_LABEL } from '../../src-shared/failure-label'
import type { PairwiseProgress, RunChange } from '../engine/events'
import type { Io } from './command'
import { plural } from '../../src-shared/plural'

export interface ProgressTotals {
  /** Runs this command will execute. */
  execute: number
  /** Runs this command will judge (those executed now included). */
  judge: number
}

const EXECUTION_END = new Set(['executed', 'canceled'])

function isExecutionEnd(c: RunChange): boolean {
  return EXECUTION_END.has(c.status) || (c.status === 'failed' && c.failureType !== null)
}

function isJudgingEnd(c: RunChange): boolean {
  return c.status === 'scored' || (c.status === 'failed' && c.failureType === null)
}

export function formatRunLine(change: RunChange, counter: string): string {
  const where = `${change.caseId} · round ${change.round} · ${change.side}`
  const failure = change.failureType ? FAILURE_LABEL[change.failureType] : null
  const bits: string[] = [failure ? `${change.status} (${failure})` : change.status]
  if (change.status === 'executed') {
    if (change.durationMs !== null) bits.push(`${(change.durationMs / 1000).toFixed(1)} s`)
    if (change.totalTokens !== null) bits.push(`${change.totalTokens.toLocaleString('en-US')} tokens`)
  }
  if (change.status === 'scored' && change.score !== null) bits.push(`score ${change.score.toFixed(1)}`)
  if (change.failureMessage && change.status === 'failed') bits.push(oneLine(change.failureMessage))
  return `[${counter}] ${where}  ${bits.join('  ')}\n`
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat
}

/** Prints a line whenever a run finishes executing or being judged. Returns the listener to attach. */
export function progressPrinter(io: Io, totals: ProgressTotals): (change: RunChange) => void {
  const executed = new Set<string>()
  const judged = new Set<string>()
  return (change) => {
    if (isExecutionEnd(change)) executed.add(change.id)
    else if (isJudgingEnd(change)) judged.add(change.id)
    else return
    const parts: string[] = []
    if (totals.execute > 0) parts.push(`ran ${executed.size}/${totals.execute}`)
    if (totals.judge > 0) parts.push(`judged ${judged.size}/${totals.judge}`)
    io.err(formatRunLine(change, parts.join(' · ')))
  }
}

/** Prints a line when the pairwise judge starts and when it is done with a task's comparisons. */
export function pairwisePrinter(io: Io): (progress: PairwiseProgress) => void {
  return (p) => {
    if (p.phase === 'start')
      io.err(
        `pairwise: judging ${plural(p.comparisons, 'comparison')} (each case and round, in both orders)\n`,
      )
    else io.err(`pairwise: ${plural(p.judged, 'comparison')} judged, ${p.failed} failed\n`)
  }
}
