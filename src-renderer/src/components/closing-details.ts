// A menu or popover drawn as a <details> closes as a menu does: on Escape (the focus goes back to its
// summary) and on a press outside it.
import { useEffect, useRef } from 'react'

export function useClosingDetails() {
  const ref = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    const onPress = (e: Event) => {
      const details = ref.current
      if (details?.open && !details.contains(e.target as Node)) details.open = false
    }
    const onKey = (e: KeyboardEvent) => {
      const details = ref.current
      if (!details?.open || e.key !== 'Escape') return
      details.open = false
      details.querySelector('summary')?.focus()
    }
    document.addEventListener('pointerdown', onPress)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPress)
      document.removeEventListener('keydown', onKey)
    }
  }, [])
  return ref
}
