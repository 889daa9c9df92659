// A run's figures in a `<dl className="kv">`: duration, tokens by kind, cost, the skills its opencode offered
// (its evidence) and skill use — the same rows in a local run's detail and in an opened export's.
import type { TokenCounts } from '../../../src-shared/agent-event'
import type { OfferedSkill } from '../../../src-shared/offered-skills'
import type { SandboxDenial } from '../../../src-shared/run-sandbox'
import { formatUsd } from '../../../src-shared/spend-format'

export interface RunFiguresOf {
  durationMs: number | null
  tokens: TokenCounts
  costUsd: number | null
  /** Absent in an export written before skill-ab recorded it. */
  offeredSkills?: readonly OfferedSkill[] | null
  /** Absent in an export written before skill-ab recorded it. */
  sandbox?: { on: boolean; detail: string } | null
  sandboxDenials?: readonly SandboxDenial[] | null
  skillVisible: boolean | null
  skillLoaded: boolean | null
}

/** The run's sandbox in words: on with what and how much it blocked, or off and why. */
function sandboxText(run: RunFiguresOf): string {
  if (!run.sandbox) return 'no record'
  if (!run.sandbox.on) return `off: ${run.sandbox.detail}`
  const blocked = run.sandboxDenials?.length ?? 0
  return `on (${run.sandbox.detail})${blocked ? ` · blocked ${blocked}` : ''}`
}

/** The run's evidence in words: what its opencode offered just before its session. */
function offeredText(offered: readonly OfferedSkill[] | null | undefined): string {
  if (offered === null || offered === undefined) return 'no record'
  return offered.length ? offered.map((s) => s.name).join(', ') : 'no skill'
}

export function RunFigures({ run }: { run: RunFiguresOf }) {
  const t = run.tokens
  return (
    <>
      <dt>duration</dt>
      <dd>{run.durationMs === null ? '–' : `${(run.durationMs / 1000).toFixed(1)} s`}</dd>
      <dt>tokens</dt>
      <dd>
        {t.input} in · {t.output} out · {t.reasoning} reasoning · {t.cacheRead + t.cacheWrite} cache
      </dd>
      <dt>cost</dt>
      <dd>{run.costUsd === null ? 'unknown price' : formatUsd(run.costUsd)}</dd>
      <dt>offered</dt>
      <dd title={run.offeredSkills?.map((s) => `${s.name}: ${s.location}`).join('\n')}>
        {offeredText(run.offeredSkills)}
      </dd>
      <dt>sandbox</dt>
      <dd title={run.sandboxDenials?.map((d) => `${d.kind} ${d.target}`).join('\n')}>{sandboxText(run)}</dd>
      <dt>skill</dt>
      <dd>
        {run.skillVisible === null ? '–' : run.skillVisible ? 'visible' : 'not visible'} ·{' '}
        {run.skillLoaded === null ? '–' : run.skillLoaded ? 'loaded' : 'not loaded'}
      </dd>
    </>
  )
}
