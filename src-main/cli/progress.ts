// Live progress of a task on the terminal: one line per finished run, a counter in front.
import type { RunChange } from '../engine/events'
import type { Io } from './command'

const FINAL = new Set(['executed', 'failed', 'canceled', 'scored'])

export function formatRunLine(change: RunChange, done: number, total: number): string {
  const width = String(total).length
  const where = `${change.caseId} · round ${change.round} · ${change.side}`
  const bits: string[] = [change.status]
  if (change.failureType) bits[0] = `${change.status} (${change.failureType})`
  if (change.durationMs !== null) bits.push(`${(change.durationMs / 1000).toFixed(1)} s`)
  if (change.totalTokens !== null && change.status === 'executed')
    bits.push(`${change.totalTokens.toLocaleString('en-US')} tokens`)
  if (change.failureMessage && change.status === 'failed') bits.push(oneLine(change.failureMessage))
  return `[${String(done).padStart(width)}/${total}] ${where}  ${bits.join('  ')}\n`
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat
}

/** Prints a line whenever one of `total` runs reaches a final state. Returns the listener to attach. */
export function progressPrinter(io: Io, total: number): (change: RunChange) => void {
  const finished = new Set<string>()
  return (change) => {
    if (!FINAL.has(change.status)) return
    finished.add(change.runId)
    io.err(formatRunLine(change, Math.min(finished.size, total), total))
  }
}
