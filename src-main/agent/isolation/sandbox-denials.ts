// What the sandbox blocked during one run (docs/sandbox.md "Blocked is recorded"): connections the proxy refused
// (attributed by the command's id, within the run's time; on a server, by whose tool call ran then), and
// reads and writes its tools reported failing on a path the policy denies (a read-denied folder looks empty
// inside, so "no such file" there is the sandbox).
import { SandboxManager } from '@anthropic-ai/sandbox-runtime'
import { isAbsolute, sep } from 'node:path'
import type { AgentEvent } from '../../../src-shared/agent-event'
import { MAX_DENIALS, type RunSandbox, type SandboxDenial } from '../../../src-shared/run-sandbox'
import type { SandboxPolicy } from './sandbox'
import type { SessionResult } from '../session/session-types'
import type { SideContext } from './side-context'

const inside = (path: string, dir: string): boolean =>
  path === dir || path.startsWith(dir.endsWith(sep) ? dir : `${dir}${sep}`)

/** Whether the policy hides `path` (under a denied folder, not re-opened). */
function hidden(policy: SandboxPolicy, path: string): boolean {
  return policy.denyRead.some((d) => inside(path, d)) && !policy.allowRead.some((a) => inside(path, a))
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {}

/** Every tool output and error text of the run's events. */
function toolTexts(events: readonly AgentEvent[]): string[] {
  const texts: string[] = []
  for (const e of events) {
    if (e.type !== 'tool_use') continue
    const state = obj(obj(e.part).state)
    for (const t of [state.output, state.error]) if (typeof t === 'string') texts.push(t)
  }
  return texts
}

/** `<path>: Read-only file system` (a write outside its dirs) and `<path>: No such file…` under a hidden folder. */
export function fileDenials(events: readonly AgentEvent[], policy: SandboxPolicy): SandboxDenial[] {
  const found: SandboxDenial[] = []
  const path = String.raw`['"]?(\/[^\s'":]+)['"]?`
  for (const text of toolTexts(events)) {
    for (const m of text.matchAll(new RegExp(`${path}:? (?:Read-only file system|EROFS)`, 'g')))
      if (m[1] && isAbsolute(m[1])) found.push({ kind: 'write', target: m[1] })
    for (const m of text.matchAll(new RegExp(`${path}:? (?:No such file or directory|ENOENT)`, 'g')))
      if (m[1] && hidden(policy, m[1])) found.push({ kind: 'read', target: m[1] })
  }
  return found
}

/** How far a refused connection may stand outside a tool call's times and still be that call's (one clock, two readers). */
export const TOOL_SPAN_SLACK_MS = 250

/** When each of the run's tool calls ran (opencode's `state.time`, ms), widened by TOOL_SPAN_SLACK_MS. */
function toolSpans(events: readonly AgentEvent[]): [number, number][] {
  return events.flatMap((e): [number, number][] => {
    if (e.type !== 'tool_use') return []
    const time = obj(obj(obj(e.part).state).time)
    const [start, end] = [time.start, time.end]
    return typeof start === 'number' && typeof end === 'number'
      ? [[start - TOOL_SPAN_SLACK_MS, end + TOOL_SPAN_SLACK_MS]]
      : []
  })
}

/** Connections the proxy refused for `commandId` at a time `when` accepts (ms since the epoch). */
function networkDenials(commandId: string, when: (t: number) => boolean): SandboxDenial[] {
  return SandboxManager.getSandboxViolationStore()
    .getViolationsForCommand(commandId)
    .filter((v) => when(v.timestamp.getTime()))
    .flatMap((v) => {
      const m = /deny network-outbound (\S+)/.exec(v.line)
      return m?.[1] ? [{ kind: 'network' as const, target: m[1] }] : []
    })
}

/** Each denial once, in the order seen, at most MAX_DENIALS. */
export function distinctDenials(denials: readonly SandboxDenial[]): SandboxDenial[] {
  const seen = new Set<string>()
  return denials
    .filter((d) => {
      const key = `${d.kind} ${d.target}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .slice(0, MAX_DENIALS)
}

/**
 * The tool calls of the runs on one server (one sandbox, one proxy), noted as each ends: whose tool was running
 * when a connection was refused.
 */
export class SharedToolSpans {
  private readonly byRun = new Map<string, [number, number][]>()

  /** Notes one of a run's events (a finished tool call has a span). */
  note(runId: string, event: AgentEvent): void {
    const spans = toolSpans([event])
    if (spans.length) this.byRun.set(runId, [...(this.byRun.get(runId) ?? []), ...spans])
  }

  /** Whether a tool call of another run than `runId` was running at `t` (as far as is known now). */
  otherAt(runId: string, t: number): boolean {
    for (const [id, spans] of this.byRun)
      if (id !== runId && spans.some(([start, end]) => t >= start && t <= end)) return true
    return false
  }
}

/**
 * Whether a connection refused at a time (ms) is the run's: within the run, and on a sandbox it shares
 * (`shared`), not while another run's tool call ran unless one of its own ran too. A refusal in no run's tool
 * call (a process a tool left in the background) is charged to every run open then: never to none.
 */
export function refusalOfRun(
  from: number,
  to: number,
  shared: { events: readonly AgentEvent[]; otherAt: (t: number) => boolean } | null,
): (t: number) => boolean {
  const own = shared ? toolSpans(shared.events) : []
  const ownAt = (t: number) => own.some(([start, end]) => t >= start && t <= end)
  return (t) => t >= from && t <= to && (!shared || ownAt(t) || !shared.otherAt(t))
}

/**
 * What a run records of its sandbox: whether its session's process (or server) was started in it, and what it
 * blocked during the run. `shared` (a server's runs share one sandbox): only a tool connects anywhere but the
 * model, so a run waiting on its model beside another run's `curl` is not charged with it (`refusalOfRun`).
 */
export function runSandbox(
  ctx: Pick<SideContext, 'sandbox'>,
  session: Pick<SessionResult, 'sandbox' | 'events'>,
  startedAt: string,
  shared?: { spans: SharedToolSpans; runId: string },
): RunSandbox {
  const { sandbox } = session
  if (!sandbox) return { on: false, detail: ctx.sandbox.detail, denials: [] }
  const ofRun = refusalOfRun(
    Date.parse(startedAt),
    Date.now(),
    shared ? { events: session.events, otherAt: (t) => shared.spans.otherAt(shared.runId, t) } : null,
  )
  const network = networkDenials(sandbox.id, ofRun)
  const denials = distinctDenials([...fileDenials(session.events, sandbox.policy), ...network])
  return { on: true, detail: ctx.sandbox.detail, denials }
}
