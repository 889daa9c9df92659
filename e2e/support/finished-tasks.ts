// e2e fixture: two finished A/B tasks seeded straight into a served app's store (no agent runs: instant),
// each exported with the CLI (`skill-ab export --out`), for specs about how the screens read rather than
// how a task runs. The first is named as the demo is (its badge and banner show), with a failed run and a
// run of b that did not use the skill; the second is the same dataset measured again. Beside them, a finished
// case analysis (one skill on the same cases, side b only; the Evaluations screen opens it).
import { join } from 'node:path'
import { openStore } from '../../src-main/db'
import { drive, findRun, seedExportTask } from '../../src-main/export/task.fixture'
import { DEMO_TASK_PREFIX } from '../../src-shared/demo'
import { runCli } from '../../test/support/fixtures'
import type { ServedApp } from './serve'

export const CASES = ['hello', 'goodbye', 'ahoy', 'parley'] as const

export interface FinishedTask {
  id: string
  name: string
  /** The export file `skill-ab export` wrote. */
  exportPath: string
  /** A scored run of side b in round 1 of the first case (its detail is a screen). */
  runId: string
}

export interface FinishedTasks {
  demo: FinishedTask
  second: FinishedTask
  /** A case analysis: not exported (the app opens it from the Evaluations screen). */
  analysis: Omit<FinishedTask, 'exportPath'>
}

/** b's score per case and round over a's; `lift` moves every b score. */
const scoreOf = (side: 'a' | 'b', caseIndex: number, round: number, lift: number) =>
  side === 'a' ? 45 + caseIndex * 5 + round : Math.min(100, 65 + caseIndex * 6 + round * 2 + lift)

function seed(
  app: ServedApp,
  name: string,
  lift: number,
  withFailures: boolean,
  kind: 'ab' | 'case' = 'ab',
): Omit<FinishedTask, 'exportPath'> {
  const store = openStore(app.world.dataDir)
  try {
    return store.transaction(() => {
      const { task, runs } = seedExportTask(store, { name, kind, cases: [...CASES], rounds: 2 })
      const batch = store.tasks.ensureBatchId(task.id, `batch_${task.id}`)
      for (const run of runs) {
        const i = CASES.indexOf(run.caseKey as (typeof CASES)[number])
        if (withFailures && run.caseKey === 'ahoy' && run.side === 'b' && run.round === 2) {
          drive(store, run.id, 'exec-failed', { failureType: 'timeout' })
          continue
        }
        const score = scoreOf(run.side, i, run.round, lift)
        drive(store, run.id, 'scored', {
          score,
          // b used its skill but once (a badge in the table).
          skillLoaded:
            run.side === 'b' ? !(withFailures && run.caseKey === 'parley' && run.round === 1) : false,
        })
        // The judge's score and reason (the run's detail and the case view show them).
        store.evalResults.append({
          evaluatorRunId: batch,
          sessionId: `ses_${run.id}`,
          runId: run.id,
          grayscaleTaskId: task.id,
          evaluatorId: 'preset-agent-task-completion',
          status: 'done',
          score,
          reason: run.side === 'b' ? 'Answered in pirate speak, as asked.' : 'Answered plainly.',
          rawOutput: null,
          parseStrategy: 'direct_json',
        })
      }
      return { id: task.id, name, runId: findRun(runs, 'hello', 'b', 1).id }
    })
  } finally {
    store.close()
  }
}

async function exportTask(app: ServedApp, task: Omit<FinishedTask, 'exportPath'>): Promise<FinishedTask> {
  const exportPath = join(app.world.root, `${task.id}.skill-ab.json`)
  const res = await runCli(['export', task.id, '--out', exportPath], app.world.env, app.world.root)
  if (res.code !== 0) throw new Error(`skill-ab export ${task.id} exited ${res.code}: ${res.stderr}`)
  return { ...task, exportPath }
}

/** Seeds both tasks into the app's store (the open page sees them on its next load) and exports each. */
export async function seedFinishedTasks(app: ServedApp): Promise<FinishedTasks> {
  const demo = seed(app, `${DEMO_TASK_PREFIX}pirate-speak vs no skill`, 0, true)
  const second = seed(app, 'pirate v3 vs none', -12, false)
  const analysis = seed(app, 'pirate on its cases', 0, false, 'case')
  return { demo: await exportTask(app, demo), second: await exportTask(app, second), analysis }
}
