// Score correction: a human score on 0–100 for one evaluator, with a note saying why.
import { useState } from 'react'

export function CorrectionForm(props: {
  evaluatorIds: string[]
  onSubmit(input: { evaluatorId: string; score: number; note: string }): Promise<boolean>
}) {
  const [evaluatorId, setEvaluatorId] = useState(props.evaluatorIds[0] ?? '')
  const [score, setScore] = useState('')
  const [note, setNote] = useState('')
  const value = Number(score)
  const scoreIssue =
    score === ''
      ? null
      : Number.isFinite(value) && value >= 0 && value <= 100
        ? null
        : 'a number from 0 to 100'
  const ready = score !== '' && !scoreIssue && note.trim() !== '' && evaluatorId !== ''
  return (
    <form
      className="row wrap"
      style={{ marginTop: 12, alignItems: 'flex-end' }}
      aria-label="Correct the score"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (!ready) return
        void props.onSubmit({ evaluatorId, score: value, note: note.trim() }).then((ok) => {
          if (!ok) return
          setScore('')
          setNote('')
        })
      }}
    >
      <div className="field">
        <label htmlFor="corr-evaluator">Evaluator</label>
        <select id="corr-evaluator" value={evaluatorId} onChange={(e) => setEvaluatorId(e.target.value)}>
          {props.evaluatorIds.map((id) => (
            <option key={id}>{id}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="corr-score">Corrected score</label>
        <input
          id="corr-score"
          inputMode="decimal"
          style={{ width: 90 }}
          value={score}
          aria-invalid={scoreIssue !== null}
          onChange={(e) => setScore(e.target.value)}
        />
        {scoreIssue && <span className="issue">{scoreIssue}</span>}
      </div>
      <div className="field grow">
        <label htmlFor="corr-note">Why (kept with the score)</label>
        <input
          id="corr-note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder="what the judge got wrong"
        />
      </div>
      <button className="primary" type="submit" disabled={!ready}>
        Correct score
      </button>
    </form>
  )
}
