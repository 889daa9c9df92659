// `skill-ab list [--calibrations] [--json]`: every A/B task (or A/A calibration) with its status and run counts.
import { openAppContext, type AppContext } from '../../services/app-context'
import { listCalibrations, listTasks } from '../../services/list-tasks'
import { floorText } from '../../../src-shared/noise-floor'
import type { TaskSummary } from '../../../src-shared/task-summary'
import { EXIT, type Command, type Io } from '../command'
import { UsageError } from '../args'
import { plural } from '../../../src-shared/plural'

export const listCommand: Command = {
  name: 'list',
  summary: 'list the A/B tasks (or the A/A calibrations) in the data dir',
  usage: [
    'Usage: skill-ab list [--calibrations] [--json]',
    '',
    'Options:',
    '  --calibrations   the A/A calibrations (`run --calibrate`) and their noise floors instead',
    '  --json           one JSON array instead of a table',
  ].join('\n'),
  flags: { json: 'boolean', calibrations: 'boolean' },
  async run(positionals, flags, io) {
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`)
    let ctx: AppContext | undefined
    try {
      ctx = openAppContext({ env: io.env, kind: 'cli' })
      if (flags.calibrations) listCalibrationsTo(io, ctx, flags.json === true)
      else listTasksTo(io, ctx, flags.json === true)
      return EXIT.pass
    } finally {
      ctx?.close()
    }
  },
}

function listTasksTo(io: Io, ctx: AppContext, json: boolean): void {
  const rows = listTasks(ctx)
  if (json) return io.out(`${JSON.stringify(rows, null, 2)}\n`)
  if (rows.length === 0)
    io.out(`no tasks yet in ${ctx.dataDir}: start one with \`skill-ab run <config.json>\`\n`)
  for (const r of rows)
    io.out(
      `${r.id}  ${r.name}  (${r.skillName} ${r.skillVersion})  ${r.status}  verdict ${r.verdict}  ${runCounts(r)}  updated ${r.updatedAt}\n`,
    )
  const calibrations = ctx.store.tasks.listKind('calibration').length
  if (calibrations) io.out(`and ${plural(calibrations, 'A/A calibration')}: skill-ab list --calibrations\n`)
}

function listCalibrationsTo(io: Io, ctx: AppContext, json: boolean): void {
  const rows = listCalibrations(ctx)
  if (json) return io.out(`${JSON.stringify(rows, null, 2)}\n`)
  if (rows.length === 0)
    io.out(
      `no A/A calibrations yet in ${ctx.dataDir}: \`skill-ab run <config.json> --calibrate\` measures one\n`,
    )
  for (const r of rows)
    io.out(
      `${r.id}  ${r.name}  ${r.status}  ${runCounts(r)}  ${floorText(r.floor)}  updated ${r.updatedAt}\n`,
    )
}

/** "4 scored, 1 failed (2 a-runs reused)". */
function runCounts(r: Pick<TaskSummary, 'runs' | 'reused'>): string {
  const counts = Object.entries(r.runs)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ')
  return r.reused.runs ? `${counts} (${r.reused.runs} a-runs reused)` : counts
}
