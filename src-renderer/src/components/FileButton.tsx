// A button that picks a file: a real button (Tab reaches it, Enter and Space press it) opening a hidden
// file input, where a label over a hidden input was skipped by the keyboard.
import { useRef } from 'react'

export function FileButton({
  children,
  inputLabel,
  onFile,
}: {
  children: string
  /** The input's accessible name (tests and assistive tools find it by it). */
  inputLabel?: string
  onFile(file: File): void
}) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" onClick={() => input.current?.click()}>
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={inputLabel ?? children}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = '' // the same file may be chosen again
          if (file) onFile(file)
        }}
      />
    </>
  )
}
