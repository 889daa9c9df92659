// Condenses a run for the judge to a character budget: trajectory (start and end kept), diff, final output.
import { dirname } from 'node:path'
import type { AgentEvent } from '../agent/types'
import { SLOT_PREFIX } from '../agent/server/work-slots'
import { plural } from '../../src-shared/plural'

export interface CondenseInput {
  events: readonly AgentEvent[]
  finalOutput: string
  diff: string
  /** The run's work dir: absolute paths under it are shown relative (`./src/a.py`), stable across runs. */
  workDir?: string | null
}

export interface Condensed {
  trajectory: string
  workspaceDiff: string
  finalOutput: string
  /** Something was cut (items omitted or texts shortened). */
  truncated: boolean
}

export const DEFAULT_BUDGET_CHARS = 24_000

/** Per-item caps, so one huge tool result cannot crowd out the rest. */
const INPUT_CHARS = 400
const OUTPUT_CHARS = 600
const TEXT_CHARS = 1500
/** The final output keeps up to this share of the budget; the diff gets at most this share of what is left. */
const FINAL_SHARE = 0.35
const DIFF_SHARE = 0.4
/** Of the trajectory's budget, the start keeps this share and the end the rest. */
const HEAD_SHARE = 0.4

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {})

/** Cuts `text` to at most `max` chars keeping its start and end (`headShare` of it from the start). */
export function clip(text: string, max: number, headShare = 0.6): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false }
  if (max <= 0) return { text: '', cut: true }
  const marker = (n: number): string => ` … [${n} chars cut] … `
  const room = max - marker(text.length).length
  if (room <= 0) return { text: text.slice(0, max), cut: true }
  const head = Math.ceil(room * headShare)
  const tail = room - head
  const cut = text.length - head - tail
  return { text: `${text.slice(0, head)}${marker(cut)}${tail > 0 ? text.slice(-tail) : ''}`, cut: true }
}

function oneLine(v: unknown): string {
  if (typeof v === 'string') return v.replace(/\s+/g, ' ').trim()
  if (v === undefined) return ''
  try {
    return JSON.stringify(v) ?? ''
  } catch {
    return String(v)
  }
}

interface Item {
  text: string
  tool: boolean
  cut: boolean
}

/** One readable line (or paragraph) per event that matters; step markers are left out. */
function eventItem(event: AgentEvent, rel: (s: string) => string): Item | null {
  const part = obj(event.part)
  switch (event.type) {
    case 'text': {
      if (typeof part.text !== 'string' || part.text.trim() === '') return null
      const c = clip(rel(part.text.trim()), TEXT_CHARS)
      return { text: `assistant: ${c.text}`, tool: false, cut: c.cut }
    }
    case 'reasoning': {
      if (typeof part.text !== 'string' || part.text.trim() === '') return null
      const c = clip(rel(oneLine(part.text)), OUTPUT_CHARS)
      return { text: `reasoning: ${c.text}`, tool: false, cut: c.cut }
    }
    case 'tool_use': {
      const state = obj(part.state)
      const name = typeof part.tool === 'string' ? part.tool : '?'
      const status = typeof state.status === 'string' ? state.status : 'unknown'
      const input = clip(rel(oneLine(state.input)), INPUT_CHARS)
      const result = status === 'error' ? `error: ${oneLine(state.error)}` : oneLine(state.output)
      const output = clip(rel(result), OUTPUT_CHARS)
      return {
        text: `tool(${name}) ${status}: ${input.text} → ${output.text}`,
        tool: true,
        cut: input.cut || output.cut,
      }
    }
    case 'error': {
      const error = obj(event.error)
      const data = obj(error.data)
      const message = typeof data.message === 'string' ? data.message : ''
      const c = clip(rel(`${typeof error.name === 'string' ? error.name : 'error'} ${message}`), OUTPUT_CHARS)
      return { text: `error: ${c.text}`, tool: false, cut: c.cut }
    }
    default:
      return null
  }
}

function omission(items: readonly Item[]): string {
  const tools = items.filter((i) => i.tool).length
  const other = items.length - tools
  const parts = [tools ? plural(tools, 'tool call') : '', other ? plural(other, 'message') : ''].filter(
    Boolean,
  )
  return `… ${parts.join(' and ')} omitted …`
}

/** The items joined by newlines within `budget`: whole if they fit, else a start, an omission line, an end. */
function fitItems(items: readonly Item[], budget: number): { text: string; cut: boolean } {
  const cost = items.map((i) => i.text.length + 1)
  if (cost.reduce((n, c) => n + c, 0) - 1 <= budget)
    return { text: items.map((i) => i.text).join('\n'), cut: false }
  // Room for the kept items once the omission line (at its longest) is reserved.
  const room = budget - omission(items).length - 1
  let first = 0
  let last = items.length
  let used = 0
  const take = (c: number | undefined, limit: number): boolean => {
    if (c === undefined || used + c > limit) return false
    used += c
    return true
  }
  while (first < last && take(cost[first], room * HEAD_SHARE)) first++
  while (last > first && take(cost[last - 1], room)) last--
  // Whatever room the end did not use goes back to the start.
  while (first < last && take(cost[first], room)) first++
  const lines = [
    ...items.slice(0, first).map((i) => i.text),
    omission(items.slice(first, last)),
    ...items.slice(last).map((i) => i.text),
  ]
  const text = lines.join('\n')
  return { text: text.length <= budget ? text : clip(text, budget).text, cut: true }
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Shows absolute paths under the work dir as `./…` (the work dir itself as `.`), and so paths under the
 * slot the run executed in (work-slots.ts: beside the work dir, moved to it afterwards).
 */
function relativiser(workDir: string | null | undefined): (s: string) => string {
  const base = workDir ? workDir.replace(/\/+$/, '') : ''
  if (base === '') return (s) => s
  const slot = `${escape(dirname(base))}/${escape(SLOT_PREFIX)}[A-Za-z0-9-]+`
  const re = new RegExp(`(?:${escape(base)}|${slot})(?=/|(?![\\w.-]))`, 'g')
  return (s) => s.replace(re, '.')
}

/**
 * A readable, deterministic text of the run within `budgetChars` (the three parts together): the final
 * output is always kept (cut only beyond its share), the diff gets its share, the trajectory the rest,
 * keeping its start and its end and saying what was left out.
 */
export function condenseTrajectory(
  input: CondenseInput,
  budgetChars: number = DEFAULT_BUDGET_CHARS,
): Condensed {
  const budget = Math.max(0, Math.floor(budgetChars))
  const rel = relativiser(input.workDir)
  const final = clip(input.finalOutput, Math.floor(budget * FINAL_SHARE), 0.5)
  let left = budget - final.text.length
  const items = input.events.map((e) => eventItem(e, rel)).filter((i): i is Item => i !== null)
  const trajectoryFull = items.reduce((n, i) => n + i.text.length + 1, 0)
  const diffText = rel(input.diff)
  // The diff gets its share of what is left, more when the trajectory needs less than the rest.
  const diffBudget = Math.max(Math.floor(left * DIFF_SHARE), left - trajectoryFull)
  const diff = clip(diffText, Math.min(diffBudget, left), 0.75)
  left -= diff.text.length
  const trajectory = items.length === 0 ? { text: '', cut: false } : fitItems(items, left)
  return {
    trajectory: trajectory.text,
    workspaceDiff: diff.text,
    finalOutput: final.text,
    truncated: final.cut || diff.cut || trajectory.cut || items.some((i) => i.cut),
  }
}
