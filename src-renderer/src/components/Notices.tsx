import { useNotices } from '../stores/notices-store'

export function Notices() {
  const { notices, dismiss } = useNotices()
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice ${n.kind}`}>
          <span className="grow">{n.text}</span>
          <button className="small" onClick={() => dismiss(n.id)} aria-label="Dismiss">
            ✕
          </button>
        </div>
      ))}
    </div>
  )
}
