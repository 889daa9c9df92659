// Checks a path typed in the setup form with main, a moment after the user stops typing.
import { useEffect, useState } from 'react'
import { errorText } from '../../api/api'

export const VALIDATE_DELAY_MS = 300

export function usePreview<T>(
  path: string,
  load: (path: string) => Promise<T>,
): { value: T | null; error: string | null } {
  const [state, setState] = useState<{ value: T | null; error: string | null }>({ value: null, error: null })
  useEffect(() => {
    if (!path.trim()) return setState({ value: null, error: null })
    let live = true
    const t = setTimeout(() => {
      load(path.trim()).then(
        (value) => live && setState({ value, error: null }),
        (err: unknown) => live && setState({ value: null, error: errorText(err) }),
      )
    }, VALIDATE_DELAY_MS)
    return () => {
      live = false
      clearTimeout(t)
    }
  }, [path, load])
  return state
}
