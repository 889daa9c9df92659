// The dataset's cases with checkboxes: all by default (the config then leaves `cases` out).
import type { DatasetPreview } from '../../../../src-shared/ipc-views'

export function CasePicker(props: {
  preview: DatasetPreview
  cases: string[] | null
  onChange(cases: string[] | null): void
}) {
  const all = props.preview.cases.map((c) => c.id)
  const chosen = new Set(props.cases ?? all)
  const toggle = (id: string) => {
    const next = new Set(chosen)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    props.onChange(next.size === all.length ? null : all.filter((c) => next.has(c)))
  }
  return (
    <div className="stack" style={{ marginTop: 8 }}>
      <div className="row small">
        <span className="grow muted">
          {chosen.size} of {all.length} cases selected ({props.preview.format})
        </span>
        <button type="button" className="small" onClick={() => props.onChange(null)}>
          All
        </button>
        <button type="button" className="small" onClick={() => props.onChange([])}>
          None
        </button>
      </div>
      <div style={{ maxHeight: 220, overflow: 'auto', border: '1px solid var(--border)', borderRadius: 8 }}>
        <table className="plain">
          <tbody>
            {props.preview.cases.map((c) => (
              <tr key={c.id}>
                <td style={{ width: 28 }}>
                  <input
                    type="checkbox"
                    checked={chosen.has(c.id)}
                    onChange={() => toggle(c.id)}
                    aria-label={`case ${c.id}`}
                  />
                </td>
                <td className="mono small" style={{ width: 90 }}>
                  {c.id}
                </td>
                <td className="small">{c.prompt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
