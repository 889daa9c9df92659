// Deep freeze: validated inputs are immutable once handed out.

/** Freezes `value` and everything reachable from it; returns it for chaining. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}
