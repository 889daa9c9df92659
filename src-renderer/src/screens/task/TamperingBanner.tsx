// A run the tamper screen failed (docs/decision.md "Judge tampering"): what it found, what that means, and a
// person's way to clear a false flag (a correction of `judge-tampering`, with a note; the run is judged again).
import { useState } from 'react'
import { FAILURE_MEANING } from '../../../../src-shared/failure-label'

export function TamperingBanner(props: {
  message: string | null
  busy: boolean
  onClear(note: string): Promise<boolean>
}) {
  const [note, setNote] = useState('')
  return (
    <div className="banner error" data-testid="judge-tampering">
      <div>
        Judge tampering: {props.message ?? 'no message'} — {FAILURE_MEANING.judge_tampering}.
      </div>
      <form
        className="row wrap"
        style={{ marginTop: 8, alignItems: 'flex-end' }}
        aria-label="Clear the tampering flag"
        onSubmit={(e) => {
          e.preventDefault()
          if (!note.trim()) return
          void props.onClear(note.trim()).then((ok) => ok && setNote(''))
        }}
      >
        <div className="field grow">
          <label htmlFor="tamper-note">Why the screen is wrong (kept with the run)</label>
          <input
            id="tamper-note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder="e.g. the task asks for a note to the reviewer"
          />
        </div>
        <button type="submit" disabled={props.busy || !note.trim()}>
          Clear the flag and judge it
        </button>
      </form>
    </div>
  )
}
