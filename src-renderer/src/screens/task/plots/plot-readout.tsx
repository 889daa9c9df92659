// The line under a plot that reads out the mark pointed at or focused (a tooltip a keyboard reaches too), and
// the props that make a mark focusable and report itself to it.
import { useState, type KeyboardEvent } from 'react'

export interface Readout {
  text: string
  /** Props for one mark: focusable, named, reported on hover and focus; Enter or Space runs `onOpen`. */
  mark(text: string, onOpen?: () => void): Record<string, unknown>
}

export function useReadout(idle: string): Readout {
  const [text, setText] = useState<string | null>(null)
  return {
    text: text ?? idle,
    mark: (label, onOpen) => ({
      tabIndex: 0,
      role: onOpen ? 'button' : 'img',
      'aria-label': onOpen ? `${label}. Open the case` : label,
      className: `plot-mark${onOpen ? ' opens' : ''}`,
      onMouseEnter: () => setText(label),
      onFocus: () => setText(label),
      onMouseLeave: () => setText(null),
      onBlur: () => setText(null),
      onClick: onOpen,
      onKeyDown: (e: KeyboardEvent) => {
        if (onOpen && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault()
          onOpen()
        }
      },
    }),
  }
}

export function ReadoutLine({ readout }: { readout: Readout }) {
  return (
    <p className="small plot-readout" aria-live="polite">
      {readout.text}
    </p>
  )
}
