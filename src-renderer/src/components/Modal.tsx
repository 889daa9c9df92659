// A dialog: Escape or the backdrop closes it; focus moves into it and back out.
import { useEffect, useRef, type ReactNode } from 'react'

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
      <div className="modal" role="dialog" aria-modal="true" aria-label={props.title} tabIndex={-1} ref={ref}>
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
