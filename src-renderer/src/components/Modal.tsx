// A dialog: Escape or the backdrop closes it; focus moves into it, stays in it (Tab and Shift+Tab wrap
// around its controls) and goes back where it was when it closes.
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

/** Tab on the dialog's last control goes to its first, Shift+Tab on the first to the last. */
export function trapTab(e: ReactKeyboardEvent, dialog: HTMLElement | null): void {
  if (e.key !== 'Tab' || !dialog) return
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)]
  const first = controls[0]
  const last = controls[controls.length - 1]
  if (!first || !last) {
    e.preventDefault()
    return
  }
  const active = document.activeElement
  if (e.shiftKey && (active === first || active === dialog)) {
    e.preventDefault()
    last.focus()
  } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
    e.preventDefault()
    first.focus()
  }
}

export function Modal(props: { title: string; onClose(): void; children: ReactNode; footer?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const { onClose } = props
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null
    ref.current?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      before?.focus()
    }
  }, [onClose])
  return (
    <div className="backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        tabIndex={-1}
        ref={ref}
        onKeyDown={(e) => trapTab(e, ref.current)}
      >
        <header>
          <h2 className="grow" style={{ margin: 0 }}>
            {props.title}
          </h2>
          <button className="small" onClick={onClose} aria-label="Close">
            ✕
          </button>
        </header>
        <div className="body">{props.children}</div>
        {props.footer && <footer>{props.footer}</footer>}
      </div>
    </div>
  )
}
