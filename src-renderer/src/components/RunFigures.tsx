// A run's figures in a `<dl className="kv">`: duration, tokens by kind, cost and skill use — the same rows
// in a local run's detail and in an opened export's.
import type { TokenCounts } from '../../../src-shared/agent-event'

export interface RunFiguresOf {
  durationMs: number | null
  tokens: TokenCounts
  costUsd: number | null
  skillVisible: boolean | null
  skillLoaded: boolean | null
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
      <dd>{run.costUsd === null ? 'unknown price' : `$${run.costUsd.toFixed(4)}`}</dd>
      <dt>skill</dt>
      <dd>
        {run.skillVisible === null ? '–' : run.skillVisible ? 'visible' : 'not visible'} ·{' '}
        {run.skillLoaded === null ? '–' : run.skillLoaded ? 'loaded' : 'not loaded'}
      </dd>
    </>
  )
}
