// Where a person left the run table, so that coming back from a run finds it as it was: each table's sort,
// filters and columns (per key: a task's, an export's), and the run its grid opened last — the next grid
// that shows that run puts its cursor on the cell and takes the focus.
const leftAs = new Map<string, Record<string, unknown>>()
let opened: string | null = null

/** The table state kept under `key`, if any. */
export function tableStateOf(key: string | undefined): Record<string, unknown> | null {
  return (key && leftAs.get(key)) || null
}

export function keepTableState(key: string, state: Record<string, unknown>): void {
  leftAs.set(key, state)
}

/** Called as a grid opens a run. */
export function rememberOpened(runId: string): void {
  opened = runId
}

/** The run to come back to, if `has` finds it among the grid's rows; it is handed back only once. */
export function takeOpened(has: (runId: string) => boolean): string | null {
  if (opened === null || !has(opened)) return null
  const runId = opened
  opened = null
  return runId
}

/** Tests: every table starts as new. */
export function forgetTableMemory(): void {
  leftAs.clear()
  opened = null
}
