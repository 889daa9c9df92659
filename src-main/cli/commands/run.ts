// `skill-ab run <config.json>`: create or resume the task and execute its runs, with live progress.
import { needsExecution } from '../../engine/execute-runs'
import { loadTaskConfig } from '../../inputs/load-config'
import { openAppContext, type AppContext } from '../../services/app-context'
import type { PreparedTask } from '../../services/prepare-task'
import { runTask, type Rerun, type RunTaskResult } from '../../services/run-task'
import { EXIT, type Command, type Io } from '../command'
import { userErrorMessage } from '../errors'
import { progressPrinter } from '../progress'
import { UsageError } from '../args'

export const runCommand: Command = {
  name: 'run',
  summary: 'create or resume the A/B task a config describes and execute every run',
  usage: [
    'Usage: skill-ab run <config.json> [--rerun failed|all]',
    '',
    'Creates the task (or resumes it: same task name, skill name and label), runs every case × round',
    'without the skill (side a) and with it (side b), and keeps every run in the data dir.',
    '',
    'Options:',
    '  --rerun failed   also re-execute runs whose execution failed',
    '  --rerun all      re-execute every run (same task, same batch)',
    '',
    'Exit: 0 done · 2 bad input, unusable environment, or no run executed · 130 canceled (Ctrl-C)',
  ].join('\n'),
  flags: { rerun: 'string' },
  async run(positionals, flags, io) {
    const [file, ...extra] = positionals
    if (!file) throw new UsageError('missing <config.json>')
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`)
    const rerun = flags.rerun
    if (rerun !== undefined && rerun !== 'failed' && rerun !== 'all')
      throw new UsageError('--rerun takes "failed" or "all"')

    let ctx: AppContext | undefined
    const abort = new AbortController()
    const onSignal = (): void => {
      if (abort.signal.aborted) return
      io.err('\ncanceling: stopping agents (press Ctrl-C again to force)…\n')
      abort.abort()
      process.once('SIGINT', () => process.exit(EXIT.interrupted))
    }
    process.once('SIGINT', onSignal)
    process.once('SIGTERM', onSignal)
    try {
      const loaded = loadTaskConfig(file, { env: io.env })
      for (const w of loaded.warnings) io.err(`warning: ${w}\n`)
      ctx = openAppContext({ env: io.env, kind: 'cli' })
      const result = await runTask(ctx, loaded, {
        rerun: rerun as Rerun | undefined,
        signal: abort.signal,
        onPrepared: (p) => announceStart(ctx as AppContext, io, p),
      })
      return report(io, result, abort.signal.aborted)
    } catch (err) {
      const message = userErrorMessage(err)
      if (message === null) throw err
      io.err(`skill-ab run: ${message}\n`)
      return EXIT.error
    } finally {
      process.removeListener('SIGINT', onSignal)
      process.removeListener('SIGTERM', onSignal)
      ctx?.close()
    }
  },
}

function announceStart(ctx: AppContext, io: Io, p: PreparedTask): void {
  const runs = ctx.store.runs.listByTask(p.task.id)
  const todo = runs.filter(
    (r) => needsExecution(r) && p.plan.cases.has(r.caseKey) && r.round <= p.plan.maxRound,
  ).length
  const verb = p.created ? 'created' : `resumed (${p.added} runs added)`
  io.err(
    `task "${p.task.taskName}" ${verb}: skill ${p.skill.name} ${p.skill.label} vs ${p.baseline ? `${p.baseline.name} ${p.baseline.label}` : 'no skill'}, ` +
      `${plural(p.cases.length, 'case')} × ${plural(p.plan.maxRound, 'round')} × 2 sides; ${plural(todo, 'run')} to execute\n` +
      `data: ${ctx.dataDir}\n`,
  )
  ctx.events.on('run.changed', progressPrinter(io, todo))
}

function report(io: Io, result: RunTaskResult, canceled: boolean): number {
  const { skill, baseline } = result.prepared
  const sideLabel = {
    a: baseline ? `${baseline.name} ${baseline.label}` : 'no skill',
    b: `${skill.name} ${skill.label}`,
  }
  for (const proof of Object.values(result.summary.proofs))
    io.err(`isolation side ${proof.side} (${sideLabel[proof.side]}): ${proof.message}\n`)
  const c = result.counts
  const parts = Object.entries(c)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
  io.err(`task ${result.task.id} ${result.task.status}: ${parts.join(', ')}\n`)
  io.out(`${JSON.stringify({ taskId: result.task.id, status: result.task.status, runs: c })}\n`)
  if (canceled) return EXIT.interrupted
  const ran = result.summary.executed + result.summary.failed
  if (ran > 0 && result.summary.executed === 0) {
    io.err('skill-ab run: no run executed: every execution failed (see the messages above)\n')
    return EXIT.error
  }
  return EXIT.pass
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}
