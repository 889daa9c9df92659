// The trigger bench (docs/triggers.md#what-a-probe-costs): what a probe costs against a full run of the same
// query. Each scenario's queries run once as an A/B task (`skill-ab run`, 1 round: side b's agent run and its
// judgement are the full run) and twice as a trigger set (`skill-ab triggers`, every query shouldTrigger);
// tokens and time come from the data dir, model turns from the scripted model's log.
// - realistic: "this test fails, fix it" on a tiny module (fix-test-scenario.ts): skill, run the test, read
//   the test and the source, edit, run the test again, answer — 7 turns, the shape of a real coding session.
//   The scripted model takes 2 s a turn (BENCH_TRIGGER_TURN_MS), as a hosted model does at its quickest:
//   an instant model would measure only opencode's own overhead, which a real run's time is not made of.
// - floor: the demo's pirate prompts, whose full run is 3 turns (skill, one write, an answer) with an
//   instant model: no real run is shorter or cheaper, so its ratio is the least a probe saves.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../../src-main/db'
import { demoModel } from '../../src-main/demo/demo-model'
import { startScriptedLlm, writeProviderConfig } from '../../src-main/demo/scripted-llm'
import type { LoggedRequest, ScriptedLlmOptions } from '../../src-main/demo/scripted-llm'
import { writeExampleFiles } from '../../src-main/services/examples'
import { totalTokens } from '../../src-shared/run-rules'
import { FIXED_ANSWER, fixTestModel, writeFixTestFiles } from './fix-test-scenario'
import { benchProblems, compareCosts, TARGET_RATIO } from './trigger-costs'
import type { CostComparison } from './trigger-costs'

const PROBE_ROUNDS = 2

interface Scenario {
  model: ScriptedLlmOptions
  /** The scripted model's latency per request, ms. */
  turnMs: number
  /** Writes the skill and dataset under `dir`; the queries are the dataset's prompts. */
  write: (dir: string) => { skillPath: string; datasetPath: string; queries: string[] }
  /** Whether this agent reply shows a full run did the work (checked once per run when given). */
  didTheWork?: (req: LoggedRequest) => boolean
}

const SCENARIOS = {
  realistic: {
    model: fixTestModel,
    turnMs: Number(process.env.BENCH_TRIGGER_TURN_MS ?? 2000),
    write: writeFixTestFiles,
    didTheWork: (r) => r.reply.type === 'text' && r.reply.text === FIXED_ANSWER,
  },
  floor: {
    model: demoModel,
    turnMs: 0,
    write: (dir) => {
      const ex = writeExampleFiles(dir)
      const queries = readFileSync(ex.datasetPath, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { prompt: string }).prompt)
      return { ...ex, queries }
    },
  },
} satisfies Record<string, Scenario>

export type ScenarioFigures = CostComparison & {
  queries: number
  probes: number
  fullRuns: number
  modelTurnMs: number
}

function cli(root: string, home: string, args: string[], env: NodeJS.ProcessEnv): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bin', 'skill-ab.cjs'), ...args], {
      cwd: home,
      env,
      stdio: 'ignore',
    })
    child.once('error', reject)
    child.once('exit', resolve)
  })
}

const ms = (from: string | null, to: string | null): number =>
  from && to ? Date.parse(to) - Date.parse(from) : 0

/** Runs one scenario's full runs, then its probes, in a fresh data dir; throws when a figure would mislead. */
async function measure(root: string, home: string, scenario: Scenario): Promise<ScenarioFigures> {
  const llm = await startScriptedLlm({ ...scenario.model, delayMs: scenario.turnMs })
  try {
    const files = scenario.write(join(home, 'inputs'))
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      SKILL_AB_HOME: join(home, 'data'),
      OPENCODE_CONFIG: writeProviderConfig(join(home, 'provider.json'), { baseURL: llm.url }),
    }
    const agent = { model: 'scripted/agent', timeoutSec: 120, idleTimeoutSec: 60, concurrency: 2 }
    const set = files.queries.map((query) => ({ query, shouldTrigger: true }))
    writeFileSync(join(home, 'set.json'), JSON.stringify(set))
    const skill = { path: files.skillPath }
    const task = { name: 'full runs', skill, dataset: { path: files.datasetPath }, repeatRounds: 1, agent }
    writeFileSync(join(home, 'task.json'), JSON.stringify({ ...task, judge: { model: 'scripted/judge' } }))
    const probeConfig = {
      name: 'probes',
      skill,
      triggerSet: { path: 'set.json' },
      rounds: PROBE_ROUNDS,
      agent,
    }
    writeFileSync(join(home, 'triggers.json'), JSON.stringify(probeConfig))
    await cli(root, home, ['run', 'task.json'], env)
    const fullRunRequests = llm.requests.filter((r) => r.kind === 'agent' && r.skillListed)
    const probeFrom = llm.requests.length
    const probeCode = await cli(root, home, ['triggers', 'triggers.json'], env)
    if (probeCode !== 0) throw new Error(`skill-ab triggers exited ${probeCode}`)
    const probeRequests = llm.requests.slice(probeFrom).filter((r) => r.kind === 'agent')

    const store = openStore(env.SKILL_AB_HOME)
    try {
      const fullTask = store.tasks.list().find((t) => t.taskName === 'full runs')
      const runs = fullTask ? store.runs.listByTask(fullTask.id).filter((r) => r.side === 'b') : []
      const scored = runs.filter((r) => r.status === 'scored')
      const trig = store.triggerTasks.list().find((t) => t.name === 'probes')
      const probes = trig ? store.triggerProbes.listByTask(trig.id).filter((p) => p.status === 'done') : []
      const problems = benchProblems({
        queries: set.length,
        rounds: PROBE_ROUNDS,
        probes: probes.length,
        triggered: probes.filter((p) => p.choice === 'this').length,
        plannedRuns: set.length,
        scoredRuns: scored.length,
        workDone: scenario.didTheWork && fullRunRequests.filter(scenario.didTheWork).length,
      })
      if (problems.length) throw new Error(`trigger bench: ${problems.join('; ')}`)
      const judged = fullTask ? store.evalResults.judgeCostsByTask(fullTask.id) : []
      return {
        queries: set.length,
        probes: probes.length,
        fullRuns: scored.length,
        modelTurnMs: scenario.turnMs,
        ...compareCosts(
          {
            tokens: probes.map((p) => totalTokens(p.tokens)),
            ms: probes.map((p) => p.durationMs ?? 0),
            modelTurns: probeRequests.length,
          },
          {
            tokens: scored.map((r) => totalTokens(r.tokens)),
            ms: scored.map((r) => ms(r.startedAt, r.executedAt)),
            modelTurns: fullRunRequests.length,
            judgeTokens: judged.map((j) => totalTokens(j.tokens)),
          },
        ),
      }
    } finally {
      store.close()
    }
  } finally {
    await llm.close()
  }
}

/** One scenario in its own temp home (and scripted model), removed afterwards. */
async function measureInTempHome(root: string, name: string, scenario: Scenario): Promise<ScenarioFigures> {
  const home = mkdtempSync(join(tmpdir(), `skill-ab-trigger-bench-${name}-`))
  mkdirSync(join(home, 'inputs'))
  try {
    return await measure(root, home, scenario)
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}

/** The realistic scenario against the target, and the demo's floor. */
export async function triggerBench(opts: { root: string }) {
  const realistic = await measureInTempHome(opts.root, 'realistic', SCENARIOS.realistic)
  const floor = await measureInTempHome(opts.root, 'floor', SCENARIOS.floor)
  return { probeRounds: PROBE_ROUNDS, targetRatio: TARGET_RATIO, realistic, floor }
}

export type TriggerBench = Awaited<ReturnType<typeof triggerBench>>

function scenarioLine(label: string, f: ScenarioFigures): string[] {
  const { probe: p, fullRun: r } = f
  return [
    `  ${label}, model ${f.modelTurnMs} ms a turn: probe ${p.meanTokens} vs ${r.meanTokens} tokens (${f.tokensRatio} ×), ${p.meanMs} vs ${r.meanMs} ms (${f.timeRatio} ×)`,
    `    full run ${r.meanTurns} model turns × ${r.tokensPerTurn} tokens + judgement ${r.judgeTokens}; probe ${p.meanTurns} turn(s) × ${p.tokensPerTurn} tokens; ${f.probes} probes (all triggered), ${f.fullRuns} full runs scored`,
  ]
}

/** The lines `npm run bench` prints for the trigger bench. */
export function triggerLines(t: TriggerBench): string[] {
  const verdict = t.realistic.withinTarget ? 'met' : 'NOT met'
  return [
    `trigger probe vs full run of the same query (target ≤ ${t.targetRatio} on the realistic run: ${verdict}):`,
    ...scenarioLine('realistic (fix a failing test)', t.realistic),
    ...scenarioLine('floor (demo, 3-turn run)', t.floor),
  ]
}
