// One trigger probe (docs/triggers.md): the query as a session in a fresh work-dir slot of the version's probe
// server, ended as soon as the choice is made. A skill call asks a permission that skill-ab rejects, which
// ends opencode's loop: the skill is never loaded and no model request follows. The agent answering, or its
// `maxSteps`-th turn ending, is "no skill". Other tool calls (list, read) do not end a probe. Before its session,
// what the probe's instance offers is read and must be exactly the skill and the competing skills (rebuilt once).
import { foldEvents } from '../session/run-events'
import { outcomeOf } from '../session/session-ending'
import { runSession } from '../session/session'
import { SESSION_PERMISSIONS } from '../drivers/server-run'
import { killStraysIn } from '../server/serve-process'
import type { ProbeOutcome, ProbeServer } from './probe-side'
import type { ListedSkill } from '../isolation/skill-proof'
import { prepareWorkDir } from '../drivers/workdir'
import { holdsConfig } from '../server/work-slots'

/** Session rules of a probe: a skill call asks (and is rejected: the probe's end); nothing else may ask. */
export const PROBE_PERMISSIONS = [
  ...SESSION_PERMISSIONS,
  { permission: 'skill', pattern: '*', action: 'ask' },
]

export interface ProbeInput {
  query: string
  /** The session's title (opencode makes no title request when one is given). */
  title: string
}

const ZERO = { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 }

export async function runProbe(
  server: ProbeServer,
  input: ProbeInput,
  signal: AbortSignal,
): Promise<ProbeOutcome> {
  const { spec, ctx, server: warm } = server
  const { setup } = warm
  const started = Date.now()
  const none = { choice: null, skill: null, step: null, steps: 0, tokens: ZERO, costUsd: null }
  const early = (
    kind: ProbeOutcome['kind'],
    message: string,
    offeredSkills: ListedSkill[] | null = null,
  ): ProbeOutcome => ({
    kind,
    ...none,
    durationMs: Date.now() - started,
    message: setup.redact(message),
    offeredSkills,
  })
  if (signal.aborted) return early('canceled', 'canceled before the probe started')
  const dead = await warm.revive()
  if (dead) return early('failed', dead)
  const slot = warm.slots.acquireIn(spec.workRoot)
  try {
    await prepareWorkDir(slot.dir, {}, ctx.parentEnv.PATH)
  } catch (err) {
    warm.slots.release(slot, false)
    return early('failed', `could not prepare the work dir: ${(err as Error).message}`)
  }
  const evidence = await warm.offeredExactly(slot.dir, server.judge)
  if (!evidence.proof.ok) {
    await warm.dispose(slot.dir)
    warm.slots.release(slot, false)
    if (evidence.offered === null) return early('failed', evidence.proof.message)
    const again = evidence.rebuilt ? ' (read again after its instance was rebuilt)' : ''
    return early('not_isolated', `${evidence.proof.message}${again}`, evidence.offered)
  }
  const { serve, client } = warm

  const stop = new AbortController()
  let called: string | null = null
  let callStep: number | null = null
  let steps = 0
  let finished = 0
  const session = await runSession({
    model: spec.model,
    title: input.title,
    prompt: input.query,
    timeoutSec: spec.timeoutSec,
    idleTimeoutSec: spec.idleTimeoutSec,
    graceMs: server.graceMs,
    signal: AbortSignal.any([signal, stop.signal]),
    hooks: {
      onEvent: (e) => {
        if (e.type === 'step_start') steps += 1
        // A turn after the skill call: opencode did not stop at the rejection (it always has so far).
        if (e.type === 'step_start' && called !== null) stop.abort()
        // opencode's `steps` makes the last turn text-only; a model that calls a tool anyway is stopped here.
        if (e.type === 'step_finish' && ++finished >= spec.maxSteps && called === null) stop.abort()
      },
    },
    setup,
    transport: {
      kind: 'server',
      serve,
      client,
      dir: slot.dir,
      permission: PROBE_PERMISSIONS,
      what: 'probe',
      // Rejected like every ask: opencode ends the turn's step (its tokens counted) and stops its loop.
      onPermission: (ask) => {
        if (ask.permission !== 'skill' || called !== null) return
        called = ask.patterns[0] ?? ''
        callStep = Math.max(1, steps)
      },
    },
  })
  if (session.sessionId)
    await client.json('DELETE', `/session/${session.sessionId}`, slot.dir).catch(() => {})
  killStraysIn(setup.marker, slot.dir, { pid: serve.pid, ownDir: setup.prepared.dirs.data })
  const keep = !serve.exit() && !(await holdsConfig(slot.dir))
  if (!keep && !serve.exit()) await warm.dispose(slot.dir)
  warm.slots.release(slot, keep)

  const folded = foldEvents(session.events, spec.skillName)
  const base = {
    steps,
    tokens: folded.tokens,
    costUsd: folded.costUsd,
    durationMs: Date.now() - started,
    offeredSkills: evidence.offered,
  }
  const decided = (choice: 'this' | 'other' | 'none'): ProbeOutcome => ({
    kind: 'decided',
    choice,
    skill: called,
    step: callStep,
    ...base,
    message: null,
  })
  if (called !== null) return decided(called === spec.skillName ? 'this' : 'other')
  if (signal.aborted) return { ...early('canceled', 'canceled'), ...base }
  const end = session.ending
  if (stop.signal.aborted || (end.kind === 'exited' && end.exitCode === 0)) return decided('none')
  const failure = outcomeOf(end, folded, { timeoutSec: spec.timeoutSec, idleTimeoutSec: spec.idleTimeoutSec })
  return { ...early('failed', failure.message ?? failure.kind), ...base }
}
