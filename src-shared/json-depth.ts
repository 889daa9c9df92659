// How deep a parsed JSON document nests, checked without recursion (a hostile document cannot overflow the
// stack): every reader of a user's JSON that walks it — exports, task and trigger configs, opencode configs,
// `decide`'s input — refuses one deeper than MAX_JSON_DEPTH first. Pure: the renderer imports it too.
import { formatFieldPath } from './config-issues'

/** Deeper than this, a document is none skill-ab reads (the deepest, an export, is a few levels down). */
export const MAX_JSON_DEPTH = 64

interface Entry {
  value: unknown
  depth: number
  key: string | number | null
  up: Entry | null
}

/** The keys and indices down to the first value nested deeper than `max` levels, or null when none is. */
export function tooDeepAt(value: unknown, max: number = MAX_JSON_DEPTH): (string | number)[] | null {
  const stack: Entry[] = [{ value, depth: 1, key: null, up: null }]
  while (stack.length) {
    const entry = stack.pop() as Entry
    const v = entry.value
    if (!v || typeof v !== 'object') continue
    if (entry.depth > max) return pathOf(entry)
    const list = Array.isArray(v)
    for (const [k, child] of Object.entries(v))
      stack.push({ value: child, depth: entry.depth + 1, key: list ? Number(k) : k, up: entry })
  }
  return null
}

function pathOf(entry: Entry): (string | number)[] {
  const path: (string | number)[] = []
  for (let e: Entry | null = entry; e; e = e.up) if (e.key !== null) path.unshift(e.key)
  return path
}

/** Whether `value` nests deeper than `max` levels. */
export function nestsDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  return tooDeepAt(value, max) !== null
}

/**
 * What a document too deep to read says: the field it starts under (`agent.x`, '' for the document itself)
 * and `nests deeper than 64 levels …`; null when it is within the limit.
 */
export function depthProblem(value: unknown): { field: string; message: string } | null {
  const path = tooDeepAt(value)
  if (!path) return null
  // The keys before the first list (or the top key when it is objects all the way): where to look.
  const first = path.findIndex((k) => typeof k === 'number')
  const field = formatFieldPath(path.slice(0, first < 0 ? 1 : first))
  return {
    field,
    message: `${field ? `${field}: ` : ''}nests deeper than ${MAX_JSON_DEPTH} levels (lists and objects inside each other)`,
  }
}
