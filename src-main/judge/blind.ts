// Blind judging: the judge's copy of a run carries nothing that tells the sides apart. Skill tool calls
// (loaded or failed, on either side) and tool calls that touch a skill's snapshot are left out; every text
// that stays goes through the same text rules on both sides (blind-text.ts). The stored run is untouched.
import type { AgentEvent } from '../agent/types'
import { snapshotReference, textBlinder, type BlindSpec } from './blind-text'

export type { BlindSpec } from './blind-text'

/** The parts of a run a judge reads. */
export interface JudgedRun {
  events: AgentEvent[]
  finalOutput: string
  diff: string
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {})

/** A copy of `value` with every string (not the keys, nor the values of `keep`) passed through `f`. */
function mapStrings(value: unknown, f: (s: string) => string, keep: ReadonlySet<string> = NONE): unknown {
  if (typeof value === 'string') return f(value)
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keep.has(k) ? v : mapStrings(v, f)]))
  return value
}

const NONE: ReadonlySet<string> = new Set()
/** What says what an event is (never a text of the run): kept as it is, so blinding cannot retype it. */
const STRUCTURE = new Set(['type', 'sessionID', 'timestamp', 'part'])
const PART_STRUCTURE = new Set(['type', 'id', 'sessionID', 'messageID', 'callID', 'state'])
const STATE_STRUCTURE = new Set(['status'])

function blindEvent(event: AgentEvent, blind: (s: string) => string): AgentEvent {
  const out = mapStrings(event, blind, STRUCTURE) as AgentEvent
  const part = event.part
  if (part === undefined) return out
  if (!part || typeof part !== 'object' || Array.isArray(part))
    return { ...out, part: mapStrings(part, blind) }
  const state = (part as Obj).state
  const blindPart = mapStrings(part, blind, PART_STRUCTURE) as Obj
  if (state !== undefined) blindPart.state = mapStrings(state, blind, STATE_STRUCTURE)
  return { ...out, part: blindPart }
}

function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out)
  return out
}

/** The event is a tool call of opencode's `skill` tool (whatever its skill and outcome). */
export function isSkillCall(event: AgentEvent): boolean {
  return event.type === 'tool_use' && obj(event.part).tool === 'skill'
}

/**
 * The judge's copy of `run`: without skill tool calls and without tool calls whose input, output or error
 * mentions a path into a snapshot; every remaining string blinded. Deterministic, and `run` is not changed.
 */
export function blindRun(run: JudgedRun, spec: BlindSpec): JudgedRun {
  const blind = textBlinder(spec)
  const touchesSnapshot = snapshotReference(spec)
  const events = run.events.filter(
    (e) =>
      !isSkillCall(e) &&
      !(e.type === 'tool_use' && stringsOf(obj(e.part).state).some((s) => touchesSnapshot(s))),
  )
  return {
    events: events.map((e) => blindEvent(e, blind)),
    finalOutput: blind(run.finalOutput),
    diff: blind(run.diff),
  }
}
