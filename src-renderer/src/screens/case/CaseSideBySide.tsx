// One case's a and b side by side, round by round: each side's score and judge reasons, final output and
// diff. Fed by a local task (TaskCaseScreen) or an opened export (ExportViewer).
import { useEscape } from '../../components/use-escape'
import { RunBadge } from '../../components/badges'
import { Diff } from '../../components/RunTexts'
import { ExpectationVerdicts } from '../task/ExpectationVerdicts'
import { formatScore } from '../task/run-rows'
import type { CaseRound, Judgement, SideOfRound } from './case-rounds'

export function Judgements({ list }: { list: readonly Judgement[] }) {
  if (list.length === 0) return <div className="muted small">No judge result.</div>
  return (
    <ul className="judgements">
      {list.map((j) => (
        <li key={j.evaluatorId}>
          <span className="mono small">{j.evaluatorId}</span> <b>{formatScore(j.corrected ?? j.score)}</b>
          {j.corrected !== null && <span className="muted"> (judge {formatScore(j.score)})</span>}
          {j.reason && <div className="small">{j.reason}</div>}
          {j.expectations && <ExpectationVerdicts verdicts={j.expectations} />}
        </li>
      ))}
    </ul>
  )
}

function Side({
  side,
  label,
  onOpenRun,
}: {
  side: SideOfRound | null
  label: 'a' | 'b'
  onOpenRun?: (runId: string) => void
}) {
  if (!side)
    return (
      <div className="card" data-side={label}>
        <h3 className={`side-${label}`}>side {label}</h3>
        <div className="muted">No run.</div>
      </div>
    )
  const capped = <span className="muted small"> (cut to the export’s cap)</span>
  return (
    <div className="card case-side" data-side={label} data-run={side.run.id}>
      <div className="row">
        <h3 className={`grow side-${label}`}>side {label}</h3>
        <RunBadge run={side.run} />
        <span className="figure" data-score>
          {formatScore(side.run.score)}
        </span>
      </div>
      {onOpenRun && (
        <button className="small link" onClick={() => onOpenRun(side.run.id)}>
          Open this run (trajectory, evaluations) →
        </button>
      )}
      <Judgements list={side.judgements} />
      {side.finalOutput === null ? (
        <div className="muted small">
          No output or diff: this export was written without them (export with --full, or tick “with
          outputs”).
        </div>
      ) : (
        <>
          <h4>Final output{side.cut?.finalOutput && capped}</h4>
          <pre data-testid="side-output">{side.finalOutput || '(none)'}</pre>
          <h4>Diff{side.cut?.diff && capped}</h4>
          {side.diff ? <Diff text={side.diff} /> : <div className="muted small">No change.</div>}
        </>
      )}
    </div>
  )
}

/** What the case asks: a local task's case; null in an export (exports carry no prompts). */
export type CaseText = { prompt: string; expectedOutput: string | null; expectations: string[] } | null

function CasePrompt({ text }: { text: CaseText }) {
  if (!text) return <div className="muted small">This export holds no case prompts.</div>
  return (
    <div className="card" data-testid="case-prompt">
      <h3>Prompt</h3>
      <pre>{text.prompt}</pre>
      {text.expectedOutput !== null && (
        <>
          <h4>Expected output (the judge&apos;s, never the agent&apos;s)</h4>
          <pre>{text.expectedOutput}</pre>
        </>
      )}
      {text.expectations.length > 0 && (
        <>
          <h4>Expectations</h4>
          <ul>
            {text.expectations.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

export function CaseSideBySide(props: {
  caseId: string
  rounds: readonly CaseRound[]
  onBack: () => void
  text: CaseText
  onOpenRun?: (runId: string) => void
}) {
  useEscape(props.onBack)
  return (
    <div className="stack" data-testid="case-view">
      <button className="small" onClick={props.onBack}>
        ← All runs (Esc)
      </button>
      <h1 style={{ margin: 0 }}>
        Case <span className="mono">{props.caseId}</span>: <span className="side-a">a</span> vs{' '}
        <span className="side-b">b</span>
      </h1>
      <CasePrompt text={props.text} />
      {props.rounds.length === 0 && <div className="muted">No runs of this case.</div>}
      {props.rounds.map((r) => (
        <section key={r.round} className="stack" data-round={r.round} aria-label={`round ${r.round}`}>
          <h2 style={{ margin: 0 }}>Round {r.round}</h2>
          <div className="grid-2">
            <Side side={r.a} label="a" onOpenRun={props.onOpenRun} />
            <Side side={r.b} label="b" onOpenRun={props.onOpenRun} />
          </div>
        </section>
      ))}
    </div>
  )
}
