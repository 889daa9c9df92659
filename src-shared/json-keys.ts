// Keys that must never reach an object built from input: "__proto__" (assigning it sets the prototype, so a
// record copied key by key loses it silently or takes on its fields), "constructor" and "prototype" (an
// object's own machinery). JSON.parse keeps each as an own key: they are found there, before any schema
// copies the value, and refused by name.
import { formatFieldPath } from './config-issues'

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

/** Where a value sits: its key and its parent's place (a path built only when a key is refused). */
interface Place {
  key: PropertyKey
  parent: Place | null
}

const pathOf = (place: Place | null): PropertyKey[] => {
  const path: PropertyKey[] = []
  for (let p = place; p; p = p.parent) path.unshift(p.key)
  return path
}

/**
 * The first forbidden key in a parsed JSON value, as its field path and name; null when there is none.
 * Walked without recursion, and without copying paths, so a hostile nesting costs neither stack nor memory.
 */
export function forbiddenKey(value: unknown): { field: string; key: string } | null {
  const stack: [unknown, Place | null][] = [[value, null]]
  while (stack.length) {
    const [v, place] = stack.pop() as [unknown, Place | null]
    if (!v || typeof v !== 'object') continue
    const keys: PropertyKey[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v)
    const found = keys.find((k) => typeof k === 'string' && FORBIDDEN.has(k))
    if (found !== undefined) return { field: formatFieldPath([...pathOf(place), found]), key: String(found) }
    for (const key of keys.reverse())
      stack.push([(v as Record<PropertyKey, unknown>)[key], { key, parent: place }])
  }
  return null
}

/** The message refusing a forbidden key (`forbiddenKey`'s answer). */
export function forbiddenKeyMessage({ field, key }: { field: string; key: string }): string {
  return `${field}: a key named "${key}" is refused (it would reach an object's prototype): remove it`
}
