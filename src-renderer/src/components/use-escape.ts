// Escape goes back (a run's detail, a case's a vs b): from anywhere on the page but a text field, where
// Escape belongs to the field.
import { useEffect } from 'react'

export function useEscape(onEscape: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (
        e.key === 'Escape' &&
        !(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement)
      )
        onEscape()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onEscape])
}
