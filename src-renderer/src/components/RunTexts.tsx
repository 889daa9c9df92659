// A run's final output and work-dir diff (added lines green, removed red), shown by a local run's detail,
// an opened export's run and the side-by-side case view alike.
export function Diff({ text }: { text: string }) {
  return (
    <pre className="diff">
      {text.split('\n').map((line, i) => (
        <div
          key={i}
          className={
            line.startsWith('+') && !line.startsWith('+++')
              ? 'add'
              : line.startsWith('-') && !line.startsWith('---')
                ? 'del'
                : line.startsWith('@@')
                  ? 'hunk'
                  : ''
          }
        >
          {line || ' '}
        </div>
      ))}
    </pre>
  )
}

/** The two texts as cards side by side; `cut` says which were cut to an export's cap. */
export function RunTexts(props: {
  finalOutput: string | null
  diff: string | null
  cut?: { finalOutput: boolean; diff: boolean }
}) {
  const capped = <span className="muted small"> (cut to the export’s cap)</span>
  return (
    <div className="grid-2">
      <div className="card" data-testid="final-output">
        <h2>Final output{props.cut?.finalOutput && capped}</h2>
        <pre>{props.finalOutput || '(none)'}</pre>
      </div>
      <div className="card" data-testid="work-dir-diff">
        <h2>Work dir diff{props.cut?.diff && capped}</h2>
        {props.diff ? <Diff text={props.diff} /> : <div className="muted">No change.</div>}
      </div>
    </div>
  )
}
