// How a `run` / Start treats the task's runs (seed 000 §4, DESIGN §4 "Resume"): one shape for CLI and app.

export type RunMode =
  /** Create or resume: pending, canceled and interrupted runs execute; executed runs without a result are judged. */
  | { kind: 'submit' }
  /** The first `cases` selected cases, round 1 only: a cheap check before paying for the whole task. */
  | { kind: 'trial'; cases: number }
  /** Also re-execute execution failures and re-judge evaluation failures (never re-executing those). */
  | { kind: 'retry-failed' }
  /** Re-execute every run (same task, same batch). */
  | { kind: 'retry-all' }
  /** Only cases new to the task (added to the dataset or to `cases`) run; the rest is left alone. */
  | { kind: 'append' }
  /** Re-execute exactly these runs (ids of this task), whatever their state. */
  | { kind: 'retry-selected'; runIds: string[] }

export const SUBMIT: RunMode = { kind: 'submit' }
