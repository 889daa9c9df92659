// The trigger bench (docs/triggers.md): what a probe costs against a full run of the same query. The demo's
// five prompts run once as an A/B task (`skill-ab run`: side b's agent run and its judgement are the full
// run) and once as a trigger set (`skill-ab triggers`); tokens and time come from the data dir. The scripted
// model's full run is short (skill call, one write, an answer): real runs take many more turns, so the
// ratio printed here is the least a probe saves.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../../src-main/db'
import { demoModel } from '../../src-main/demo/demo-model'
import { startScriptedLlm, writeProviderConfig } from '../../src-main/demo/scripted-llm'
import { writeExampleFiles } from '../../src-main/services/examples'
import { totalTokens } from '../../src-shared/run-rules'

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

const mean = (xs: number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0)
const ms = (from: string | null, to: string | null): number =>
  from && to ? Date.parse(to) - Date.parse(from) : 0

export async function triggerBench(opts: { root: string }) {
  const home = mkdtempSync(join(tmpdir(), 'skill-ab-trigger-bench-'))
  const llm = await startScriptedLlm(demoModel)
  try {
    const ex = writeExampleFiles(join(home, 'example'))
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      SKILL_AB_HOME: join(home, 'data'),
      OPENCODE_CONFIG: writeProviderConfig(join(home, 'provider.json'), { baseURL: llm.url }),
    }
    const agent = { model: 'scripted/agent', timeoutSec: 120, idleTimeoutSec: 60, concurrency: 2 }
    const queries = readFileSync(ex.datasetPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => ({ query: (JSON.parse(l) as { prompt: string }).prompt, shouldTrigger: true }))
    writeFileSync(join(home, 'set.json'), JSON.stringify(queries))
    writeFileSync(
      join(home, 'task.json'),
      JSON.stringify({
        name: 'full runs',
        skill: { path: ex.skillPath },
        dataset: { path: ex.datasetPath },
        repeatRounds: 1,
        agent,
        judge: { model: 'scripted/judge' },
      }),
    )
    const rounds = 2
    writeFileSync(
      join(home, 'triggers.json'),
      JSON.stringify({
        name: 'probes',
        skill: { path: ex.skillPath },
        triggerSet: { path: 'set.json' },
        rounds,
        agent,
      }),
    )
    await cli(opts.root, home, ['run', 'task.json'], env)
    const probeCode = await cli(opts.root, home, ['triggers', 'triggers.json'], env)
    if (probeCode !== 0) throw new Error(`skill-ab triggers exited ${probeCode}`)

    const store = openStore(env.SKILL_AB_HOME)
    try {
      const task = store.tasks.list().find((t) => t.taskName === 'full runs')
      if (!task) throw new Error('the full-run task is missing')
      const runs = store.runs.listByTask(task.id).filter((r) => r.side === 'b' && r.status === 'scored')
      const judged = store.evalResults.judgeCostsByTask(task.id)
      const judgeTokens = mean(judged.map((j) => totalTokens(j.tokens)))
      const trig = store.triggerTasks.list().find((t) => t.name === 'probes')
      const probes = trig ? store.triggerProbes.listByTask(trig.id).filter((p) => p.status === 'done') : []
      if (!runs.length || probes.length !== queries.length * rounds)
        throw new Error(`bench incomplete: ${runs.length} full runs, ${probes.length} probes`)
      const full = {
        meanTokens: Math.round(mean(runs.map((r) => totalTokens(r.tokens))) + judgeTokens),
        meanMs: Math.round(mean(runs.map((r) => ms(r.startedAt, r.executedAt)))),
      }
      const probe = {
        meanTokens: Math.round(mean(probes.map((p) => totalTokens(p.tokens)))),
        meanMs: Math.round(mean(probes.map((p) => p.durationMs ?? 0))),
      }
      return {
        queries: queries.length,
        probes: probes.length,
        fullRuns: runs.length,
        probe,
        fullRun: full,
        tokensRatio: Math.round((probe.meanTokens / full.meanTokens) * 100) / 100,
        timeRatio: Math.round((probe.meanMs / full.meanMs) * 100) / 100,
        triggered: probes.filter((p) => p.choice === 'this').length,
      }
    } finally {
      store.close()
    }
  } finally {
    await llm.close()
    rmSync(home, { recursive: true, force: true })
  }
}
