// Row ids and timestamps: prefixed random UUIDs (readable in logs) and ISO-8601 UTC strings.
import { randomUUID } from 'node:crypto'

export type IdPrefix =
  | 'inst'
  | 'sv'
  | 'ds'
  | 'case'
  | 'task'
  | 'run'
  | 'res'
  | 'batch'
  | 'cor'
  | 'pw'
  | 'trg'
  | 'prb'
  | 'rep'
  | 'jn'

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomUUID().replaceAll('-', '')}`
}

export function nowIso(): string {
  return new Date().toISOString()
}
