// A finished agent run's RunOutcome, on either transport: its session's events folded and its ending
// classified (session-ending.ts), the work dir scrubbed of credentials, the diff captured, notes appended.
import { foldEvents, zeroTokens } from '../session/run-events'
import { scrubWorkDir } from './scrub-workdir'
import type { SessionResult } from '../session/session-types'
import { outcomeOf } from '../session/session-ending'
import type { ProcessSetup } from '../isolation/side-context'
import { sideSkillName, skillVisibleIn, type RunOutcome, type SideSpec } from '../types'
import { captureDiff } from './workdir'

/** An outcome with nothing in it yet but its evidence, if any (early failures fill in kind and message). */
export function emptyOutcome(
  startedAt: string,
  offeredSkills: RunOutcome['offeredSkills'],
  side: SideSpec,
): RunOutcome {
  return {
    kind: 'ok',
    message: null,
    sessionId: null,
    exitCode: null,
    signal: null,
    tokens: zeroTokens(),
    costUsd: null,
    finalOutput: '',
    offeredSkills,
    skillVisible: skillVisibleIn(offeredSkills, side),
    sandbox: null,
    skillLoaded: false,
    events: [],
    diff: '',
    stderrTail: '',
    startedAt,
    finishedAt: startedAt,
  }
}

export interface FinishedRun {
  session: SessionResult
  side: SideSpec
  setup: Pick<ProcessSetup, 'secrets' | 'redact'>
  /** Where the run's files are now, and its first commit (the diff's base). */
  workDir: string
  firstCommit: string
  pathVar: string | undefined
  startedAt: string
  /** What the run's opencode offered just before its session (its evidence). */
  offeredSkills: RunOutcome['offeredSkills']
  /** The OS sandbox its agent was started in. */
  sandbox: RunOutcome['sandbox']
  /** Processes of the run killed after it ended. */
  leftovers: number
  /** Said at the end of the stderr tail (e.g. a work dir that could not be kept). */
  note?: string
}

export async function runOutcome(run: FinishedRun): Promise<RunOutcome> {
  const { session, side, setup } = run
  const { events } = session
  const finishedAt = new Date().toISOString()
  const folded = foldEvents(events, sideSkillName(side))
  const { kind, message } = outcomeOf(session.ending, folded, side)
  // The agent's env holds credentials: whatever it wrote could hold them too.
  const scrubNote = await scrubWorkDir(run.workDir, setup.secrets, Date.parse(run.startedAt))
  const diff = setup.redact(await captureDiff(run.workDir, run.firstCommit, run.pathVar))
  const notes =
    (run.leftovers > 0 ? `\n[skill-ab: killed ${run.leftovers} leftover process(es) of this run]\n` : '') +
    (run.note ?? '') +
    scrubNote
  return {
    kind,
    message: message === null ? null : setup.redact(message),
    sessionId: folded.sessionId ?? session.sessionId,
    exitCode: session.exitCode,
    signal: session.signal,
    tokens: folded.tokens,
    costUsd: folded.costUsd,
    finalOutput: folded.finalOutput,
    offeredSkills: run.offeredSkills,
    skillVisible: skillVisibleIn(run.offeredSkills, side),
    sandbox: run.sandbox,
    skillLoaded: folded.skillLoaded,
    events,
    diff,
    stderrTail: setup.redact(session.stderrTail + notes),
    startedAt: run.startedAt,
    finishedAt,
  }
}
