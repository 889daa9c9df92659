// What the sandbox blocked during one run (docs/sandbox.md "Blocked is recorded"): connections the proxy refused
// (attributed by the command's id, within the run's time), and reads and writes its tools reported failing on a
// path the policy denies (a read-denied folder looks empty inside, so "no such file" there is the sandbox).
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

/** Connections the proxy refused for `commandId` between `from` and `to`. */
export function networkDenials(commandId: string, from: number, to: number): SandboxDenial[] {
  return SandboxManager.getSandboxViolationStore()
    .getViolationsForCommand(commandId)
    .filter((v) => v.timestamp.getTime() >= from && v.timestamp.getTime() <= to)
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
 * What a run records of its sandbox: whether its session's process (or server) was started in it, and what it
 * blocked during the run. On a server, a connection refused while several sessions ran counts for each.
 */
export function runSandbox(
  ctx: Pick<SideContext, 'sandbox'>,
  session: Pick<SessionResult, 'sandbox' | 'events'>,
  startedAt: string,
): RunSandbox {
  const { sandbox } = session
  if (!sandbox) return { on: false, detail: ctx.sandbox.detail, denials: [] }
  const network = networkDenials(sandbox.id, Date.parse(startedAt), Date.now())
  const denials = distinctDenials([...fileDenials(session.events, sandbox.policy), ...network])
  return { on: true, detail: ctx.sandbox.detail, denials }
}
