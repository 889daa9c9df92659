// SIGKILL fault injection (issue 4): start `skill-ab run`, kill it at a random moment of a chosen phase,
// restart, and record what each crash left in the store, so the suite can check nothing paid for was lost.
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { openStore } from '../../src-main/db'
import { RUN_MARKER_VAR } from '../../src-main/agent/isolation/run-env'
import { CLI, type World } from './fixtures'

export type Phase = 'execution' | 'judging' | 'export'

/** stderr lines that mean the phase is under way (the kill comes a random moment later). */
const TRIGGERS: Record<Phase, RegExp> = {
  execution: /runs? to execute/,
  judging: /\] \S+ · round \d+ · [ab]\s+executed/,
  export: /^task \S+ (done|idle):/m,
}

/** Delay after the trigger, ms: long enough to land inside the phase, random so no moment is special. */
const DELAY_MS: Record<Phase, [number, number]> = {
  execution: [0, 6000],
  judging: [0, 4000],
  export: [0, 30],
}

export interface CycleResult {
  killed: boolean
  code: number | null
  stderr: string
}

/** One `skill-ab run` with its stderr; `kill()` SIGKILLs it unless it already ended. */
function startRun(world: World, args: string[], onStderr: (all: string) => void = () => {}) {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: world.root,
    env: world.env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  let killed = false
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => onStderr((stderr += chunk)))
  return {
    kill(): void {
      if (child.exitCode !== null || child.signalCode !== null) return
      killed = true
      child.kill('SIGKILL')
    },
    ended: new Promise<CycleResult>((resolve) =>
      child.on('exit', (code) => resolve({ killed, code, stderr })),
    ),
  }
}

/** One `skill-ab run`, SIGKILLed a random moment after `phase` shows (or left to finish if it never does). */
export function runAndKill(
  world: World,
  args: string[],
  phase: Phase | null,
  random: () => number,
): Promise<CycleResult> {
  let armed = false
  const run = startRun(world, args, (stderr) => {
    if (!phase || armed || !TRIGGERS[phase].test(stderr)) return
    armed = true
    const [lo, hi] = DELAY_MS[phase]
    setTimeout(() => run.kill(), lo + random() * (hi - lo))
  })
  return run.ended
}

/** One `skill-ab run`, SIGKILLed as soon as `ready()` holds (polled every 100 ms), or left to finish. */
export function runAndKillWhen(world: World, args: string[], ready: () => boolean): Promise<CycleResult> {
  const run = startRun(world, args)
  const poll = setInterval(() => {
    if (!ready()) return
    clearInterval(poll)
    run.kill()
  }, 100)
  return run.ended.finally(() => clearInterval(poll))
}

export interface StoreSnapshot {
  /** runId → session id, for runs whose execution completed (it must never change afterwards). */
  executedSessions: Map<string, string>
  resultIds: Set<string>
}

export function snapshot(world: World): StoreSnapshot {
  const store = openStore(world.dataDir)
  try {
    const executedSessions = new Map<string, string>()
    const resultIds = new Set<string>()
    for (const task of store.tasks.list()) {
      for (const run of store.runs.listByTask(task.id)) {
        const completed =
          ['executed', 'evaluating', 'scored'].includes(run.status) ||
          (run.status === 'failed' && run.failureType === null)
        if (completed && run.sessionId) executedSessions.set(run.id, run.sessionId)
      }
    }
    for (const r of store.db.prepare('SELECT id FROM trajectory_eval_result').all() as { id: string }[])
      resultIds.add(r.id)
    return { executedSessions, resultIds }
  } finally {
    store.close()
  }
}

/** Live processes started for this data dir (agents, judges, their tools): the run marker holds its path. */
export function processesOf(dataDir: string): number[] {
  const needle = `${RUN_MARKER_VAR}=${dataDir}/`
  const out: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      if (readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.startsWith('Z')) continue
      if (
        readFileSync(`/proc/${name}/environ`, 'utf8')
          .split('\0')
          .some((v) => v.startsWith(needle))
      )
        out.push(Number(name))
    } catch {
      // gone, or not ours to read
    }
  }
  return out
}
