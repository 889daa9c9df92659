// What a starting task is doing before its first run starts: each side starting opencode, then proving its
// isolation (docs/run-states.md "Start-up"). Without it the run table shows only silent pending rows.
import { useEffect, useState } from 'react'
import type { Side } from '../../../../src-shared/run-state'
import type { StartupPhase, StartupStep } from '../../../../src-shared/startup'

const STEPS: readonly StartupStep[] = ['starting', 'proving', 'ready']

function stepText(step: StartupStep, driver: StartupPhase['driver']): string {
  if (step === 'starting') return driver === 'server' ? 'starting its opencode server' : 'preparing opencode'
  if (step === 'proving') return 'proving it sees exactly its own skill'
  return 'ready'
}

export function StartupLine({ phase }: { phase: StartupPhase }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const seconds = Math.max(0, Math.round((now - Date.parse(phase.startedAt)) / 1000))
  const sides = Object.entries(phase.sides) as [Side, StartupStep][]
  return (
    <div className="startup-line small" role="status" aria-label="Start-up">
      <strong>Starting up</strong> <span className="muted">({seconds} s)</span>
      <ol>
        {sides.map(([side, step]) => (
          <li key={side} className={`side-${side}`} data-step={step}>
            side {side}:{' '}
            {STEPS.slice(0, STEPS.indexOf(step) + 1).map((s) => (
              <span key={s} className={s === step && s !== 'ready' ? 'current' : 'done'}>
                {s === step && s !== 'ready' ? '● ' : '✓ '}
                {stepText(s, phase.driver)}
                {s === step && s !== 'ready' ? '…' : ''}
              </span>
            ))}
          </li>
        ))}
      </ol>
      <span className="muted">The runs start once every side has proved its isolation.</span>
    </div>
  )
}
