// Work that may wait until the current frame is on screen (docs/architecture.md, "First render").
import { useEffect, useState } from 'react'

/** Runs `fn` once the current frame is painted (or soon where frames do not come: a hidden page, tests). */
export function paintThen(fn: () => void): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    fn()
  }
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0))
  setTimeout(once, 250)
}

/** False until the component's first frame is painted, then true. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let live = true
    paintThen(() => live && setPainted(true))
    return () => void (live = false)
  }, [])
  return painted
}
