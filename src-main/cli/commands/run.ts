// `skill-ab run <config.json>`: create or resume the task and execute its runs, with live progress.
import { resolve } from 'node:path'
import { dataDir } from '../../db'
import { needsEvaluation } from '../../engine/evaluate-runs'
import { inPlan } from '../../engine/execute-runs'
import { needsExecution } from '../../../src-shared/run-rules'
import { CONFIG_WARNING_CODES } from '../../inputs/config-warnings'
import { loadTaskConfig } from '../../inputs/load-config'
import { setupWarnings } from '../../services/setup-warnings'
import { openAppContext, type AppContext } from '../../services/app-context'
import type { SkillSnapshot } from '../../inputs/skill'
import type { PreparedTask } from '../../services/prepare-task'
import { runTask, type RunTaskResult } from '../../services/run-task'
import { FAILURE_LABEL } from '../../../src-shared/failure-label'
import type { RunMode } from '../../../src-shared/run-mode'
import { reuseText } from '../../../src-shared/reuse'
import { EXIT, VERDICT_EXIT, type Command, type Io } from '../command'
import { pairwisePrinter, progressPrinter } from '../progress'
import { exportOutputs, exportTask, writeExportFiles } from '../../services/export-task'
import { checkOutputs } from '../../services/output-files'
import { UsageError } from '../args'
import { decisionText } from '../decision-text'
import { exportFilesOf, FULL_USAGE, REPORT_FLAGS, REPORT_USAGE } from './export'
import { parseShard, shardConfig, shardRecord } from '../../services/shard-task'
import { maxCostOf, withMaxCost } from '../budget-text'
import { budgetStopText } from '../../services/budget'
import { estimateLines } from '../../../src-shared/estimate'
import { estimateOfTask, estimateRun } from '../../services/task-estimate'
import { calibrationConfig } from '../../services/calibration'
import { reportCalibration, sidesText } from '../calibration-text'
import { modeText, runModeOf } from '../run-mode-flags'
import { plural } from '../../../src-shared/plural'

export const runCommand: Command = {
  name: 'run',
  summary: 'create or resume the A/B task a config describes and execute every run',
  usage: [
    'Usage: skill-ab run <config.json> [--export f.json [--full]] [--markdown f.md] [--junit f.xml]',
    '                    [--benchmark-json f] [--shard i/n]',
    '                    [--trial N | --append | --rerun failed|all | --runs id,id]',
    '                    [--estimate] [--max-cost USD]',
    '       skill-ab run <config.json> --calibrate',
    '',
    'Creates the task (or resumes it: same task name, skill name and label), runs every case × round',
    'without the skill (side a) and with it (side b), judges every run, and decides pass / reject on',
    'capability, cost and stability. Nothing executed or scored is redone on resume; runs that failed',
    'through no fault of the agent (interrupted, model provider errors) are executed again.',
    '',
    'Options:',
    '  --export f.json        write the export document (JSON) when done',
    ...FULL_USAGE,
    ...REPORT_USAGE,
    '  --shard i/n            only every n-th case from the i-th (both sides, every round), for a CI',
    "                         matrix: `skill-ab merge` decides over the shards' exports together",
    '  --trial N              only the first N cases, one round: a cheap check (a later run continues)',
    '  --append               only cases new to the task (added to the dataset or to "cases")',
    '  --rerun failed         also re-execute failed executions and re-judge failed evaluations',
    '  --rerun all            re-execute every run (same task, same batch)',
    '  --runs id,id           re-execute exactly these runs (ids from `skill-ab export`)',
    '  --estimate             print the estimate (tokens, dollars, time) and exit: executes nothing',
    '  --max-cost USD         stop starting runs before the spend (judge included) would pass USD',
    '  --calibrate            A/A calibration: the baseline against itself (side a only, 2 × the rounds; runs',
    '                         earlier tasks executed are reused) reports the noise floor, never a verdict',
    '',
    'Exit: 0 pass (a shard: its runs done) · 1 reject · 3 inconclusive · 5 calibration measured (no verdict)',
    '      · 2 bad input, unusable environment, or no run executed · 4 stopped by the budget (--max-cost,',
    '      budget)',
    '      · 130 canceled (Ctrl-C)',
  ].join('\n'),
  flags: {
    rerun: 'string',
    trial: 'string',
    append: 'boolean',
    runs: 'string',
    export: 'string',
    full: 'boolean',
    ...REPORT_FLAGS,
    shard: 'string',
    estimate: 'boolean',
    'max-cost': 'string',
    calibrate: 'boolean',
  },
  async run(positionals, flags, io) {
    const [file, ...extra] = positionals
    if (!file) throw new UsageError('missing <config.json>')
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`)
    const mode = runModeOf(flags)
    const maxCost = maxCostOf(flags['max-cost'])
    const files = exportFilesOf(flags, io.cwd, 'export')
    const calibrate = flags.calibrate === true
    if (calibrate && Object.values(files).some(Boolean))
      throw new UsageError(
        '--calibrate reports a noise floor, not a task to export: drop --export, --markdown, --junit and --benchmark-json',
      )
    const full = flags.full === true
    if (full && !files.json)
      throw new UsageError('--full adds to the export document: give --export f.json with it')
    const shard = parseShard(flags.shard)
    if (shard && (calibrate || mode.kind !== 'submit'))
      throw new UsageError('--shard runs its slice of the task as a plain run: drop the other run flags')
    if (shard && !files.json)
      throw new UsageError("--shard needs --export f.json: `skill-ab merge` decides over the shards' exports")

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
      const written = withMaxCost(loadTaskConfig(file, { env: io.env }), maxCost)
      // Every file it will write, checked before anything runs (an export over the store or the config).
      const { resolved } = written
      const inputs = [resolve(io.cwd, file), resolved.datasetPath, resolved.skillPath]
      checkOutputs(exportOutputs(files), dataDir(io.env), [
        ...inputs,
        ...[resolved.baselinePath, resolved.opencodeConfigPath].filter((p): p is string => !!p),
      ])
      for (const w of setupWarnings(written, io.env)) io.err(`warning: ${w}\n`)
      const sharded = shard && shardConfig(written, shard)
      const loaded = calibrate ? calibrationConfig(written) : (sharded?.loaded ?? written)
      ctx = openAppContext({ env: io.env, kind: 'cli' })
      if (flags.estimate) {
        io.err(`${estimateLines(await estimateRun(ctx, loaded)).join('\n')}\n`)
        return EXIT.pass
      }
      const result = await runTask(ctx, loaded, {
        mode,
        signal: abort.signal,
        onPrepared: (p) => announceStart(ctx as AppContext, io, p, mode),
        kind: calibrate ? 'calibration' : 'ab',
      })
      const code = report(io, result, abort.signal.aborted, `${file}${calibrate ? ' --calibrate' : ''}`)
      if (code === EXIT.interrupted || code === EXIT.error) return code
      if (calibrate) {
        const measured = reportCalibration(ctx, io, result)
        if (!result.budget) return measured
        io.err(budgetStopText(result.budget))
        return EXIT.maxCost
      }
      const exported = await exportTask(ctx, result.task.id, io.env, { full })
      const prices = ctx.store.taskPrices.get(result.task.id)
      const doc = sharded ? { ...exported, shard: shardRecord(sharded.plan, prices) } : exported
      writeExportFiles(doc, files)
      if (sharded) {
        const { index, count, cases, taskCases } = sharded.plan
        io.err(
          `shard ${index}/${count}: ${plural(cases.length, 'case')} of ${taskCases.length}, exported to ${String(flags.export)}; ` +
            "the task's decision comes from `skill-ab merge` over every shard's export\n",
        )
        io.out(
          `${JSON.stringify({ taskId: result.task.id, status: result.task.status, runs: result.counts, shard: `${index}/${count}` })}\n`,
        )
        return EXIT.pass
      }
      // The config's warnings were printed before the runs: the decision's text does not repeat them.
      io.err(decisionText(doc, { except: CONFIG_WARNING_CODES }))
      io.out(
        `${JSON.stringify({ taskId: result.task.id, status: result.task.status, runs: result.counts, verdict: doc.decision.verdict })}\n`,
      )
      // Stopped by the budget: the decision so far is printed and exported, and the exit says why it stopped.
      if (result.budget) {
        io.err(budgetStopText(result.budget))
        return EXIT.maxCost
      }
      return VERDICT_EXIT[doc.decision.verdict]
    } finally {
      process.removeListener('SIGINT', onSignal)
      process.removeListener('SIGTERM', onSignal)
      ctx?.close()
    }
  },
}

/** `pirate-speak abc1234 ("Shorter greetings", main in /repo)`: a git version with its commit subject and ref. */
const named = (s: SkillSnapshot): string =>
  `${s.name} ${s.label}${s.git ? ` ("${s.git.subject}", ${s.git.ref} in ${s.git.repo})` : ''}`

function announceStart(ctx: AppContext, io: Io, p: PreparedTask, mode: RunMode): void {
  const runs = ctx.store.runs.listByTask(p.task.id).filter((r) => inPlan(p.plan, r))
  const execute = runs.filter(needsExecution).length
  const judge = execute + runs.filter(needsEvaluation).length
  const verb = p.created ? 'created' : `resumed (${plural(p.added, 'run')} added)`
  const vs = p.baseline ? named(p.baseline) : 'no skill'
  io.err(
    `task "${p.task.taskName}" ${verb}: skill ${named(p.skill)} vs ${vs}, ` +
      `${plural(p.cases.length, 'case')} × ${plural(p.plan.maxRound, 'round')} × ${sidesText(p.task.kind)}; ` +
      `${plural(execute, 'run')} to execute, ${judge} to judge\n` +
      (mode.kind === 'submit' ? '' : `mode: ${modeText(mode)}\n`) +
      (p.reused && reuseText(p.reused) ? `${reuseText(p.reused)}\n` : '') +
      `${estimateLines(estimateOfTask(ctx.store, p.task)).join('\n')}\n` +
      `data: ${ctx.dataDir}\n`,
  )
  ctx.events.on('run.changed', progressPrinter(io, { execute, judge }))
  ctx.events.on('pairwise.changed', pairwisePrinter(io))
}

/** What the run did and what the task's decision still waits for (`resumable`: failures a plain `run` executes again). */
function report(io: Io, result: RunTaskResult, canceled: boolean, file: string): number {
  const resumed = result.resumable
  const { skill, baseline } = result.prepared
  const sideLabel = {
    a: baseline ? `${baseline.name} ${baseline.label}` : 'no skill',
    b: `${skill.name} ${skill.label}`,
  }
  for (const proof of Object.values(result.summary.proofs))
    io.err(`isolation side ${proof.side} (${sideLabel[proof.side]}): ${proof.message}\n`)
  if (result.correctionsDropped > 0)
    io.err(
      `${plural(result.correctionsDropped, 'correction')} no longer ${result.correctionsDropped === 1 ? 'applies' : 'apply'}: ` +
        'a correction belongs to one execution of its run, and these runs were executed again\n',
    )
  const c = result.counts
  const parts = Object.entries(c)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
  io.err(`task ${result.task.id} ${result.task.status}: ${parts.join(', ')}\n`)
  const waiting = c.pending + c.canceled
  if (waiting) io.err(`${plural(waiting, 'run')} not run yet: \`skill-ab run ${file}\` continues the task\n`)
  if (resumed.length) {
    const byType = new Map<string, number>()
    for (const r of resumed) {
      const label = r.failureType ? FAILURE_LABEL[r.failureType] : 'failed'
      byType.set(label, (byType.get(label) ?? 0) + 1)
    }
    const kinds = [...byType].map(([label, n]) => `${label}: ${n}`).join(', ')
    io.err(
      `${plural(resumed.length, 'run')} failed through no fault of the agent (${kinds}): counted for neither ` +
        `side; \`skill-ab run ${file}\` executes ${resumed.length === 1 ? 'it' : 'them'} again\n`,
    )
  }
  if (canceled) return EXIT.interrupted
  const ran = result.summary.executed + result.summary.failed
  if (ran > 0 && result.summary.executed === 0) {
    io.err('skill-ab run: no run executed: every execution failed (see the messages above)\n')
    return EXIT.error
  }
  return EXIT.pass
}
