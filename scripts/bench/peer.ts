// The peer benchmark: promptfoo doing skill-ab's A/B job on the demo's cases (two `exec:` providers that
// each run one isolated opencode agent session per test, an opencode judge as its llm-rubric grader,
// `--repeat` for the rounds, cache off), timed against `skill-ab run` on the default transport in the same
// bench run. Both sides must do the same work: agent runs and judgements are counted and asserted equal.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import Database from 'better-sqlite3'
import { findOpencodeBin, opencodeVersion } from '../../src-main/agent/opencode/opencode-bin'
import { demoModel } from '../../src-main/demo/demo-model'
import { startScriptedLlm, writeProviderConfig } from '../../src-main/demo/scripted-llm'
import { writeExampleFiles } from '../../src-main/services/examples'
import { judgeSchema } from '../../src-shared/task-config'
import { skillAbRun } from './floor'
import {
  checkGrades,
  evalArgs,
  peerConfig,
  PROMPTFOO_VERSION,
  type PeerCase,
  type PeerSessionSettings,
} from './peer-config'

export interface PeerOptions {
  /** The project root (bin/skill-ab.cjs, out/cli). */
  root: string
  /** The bundled session script promptfoo's `exec:` providers run. */
  sessionScript: string
  rounds: number
  /** promptfoo's --max-concurrency and skill-ab's agent.concurrency. */
  concurrency: number
  /** A folder promptfoo is already installed in (to iterate); by default it is installed afresh. */
  promptfooDir?: string
}

/** Runs a command, keeping both outputs (the tails go into the error when it fails). */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (c) => (out += String(c)))
    child.stderr.on('data', (c) => (out += String(c)))
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, out }))
  })
}

/** The environment minus npm's own `npm_*` variables (an `npm run bench` sets them for the project). */
function cleanEnv(): NodeJS.ProcessEnv {
  const keep = new Set(['npm_config_registry', 'npm_config_cache', 'npm_config_userconfig'])
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_') || keep.has(k)))
}

/** `npm install promptfoo@<pinned>` into `dir`, on this Node (its install scripts too). Returns the CLI. */
async function installPromptfoo(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true })
  const started = Date.now()
  const env = { ...cleanEnv(), PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` }
  const spec = `promptfoo@${PROMPTFOO_VERSION}`
  const args = ['install', spec, '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error']
  const res = await run('npm', args, dir, env)
  if (res.code !== 0)
    throw new Error(`npm install ${spec} --prefix ${dir} exited ${res.code}:\n${res.out.slice(-2000)}`)
  process.stderr.write(`peer: installed ${spec} in ${Math.round((Date.now() - started) / 1000)} s\n`)
  return promptfooCli(dir)
}

function promptfooCli(dir: string): string {
  const pkg = join(dir, 'node_modules', 'promptfoo', 'package.json')
  if (!existsSync(pkg)) throw new Error(`no promptfoo in ${dir} (expected ${pkg})`)
  const { version, bin } = JSON.parse(readFileSync(pkg, 'utf8')) as {
    version: string
    bin: { promptfoo: string }
  }
  if (version !== PROMPTFOO_VERSION)
    throw new Error(`promptfoo ${version} in ${dir}: the bench pins ${PROMPTFOO_VERSION}`)
  return join(dirname(pkg), bin.promptfoo)
}

/** The sessions promptfoo's providers and grader ran, and the most that were open at once. */
function sessionsOf(log: string) {
  const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []
  const entries = lines.map((l) => JSON.parse(l) as { role: string; startMs: number; endMs: number })
  const edges = entries.flatMap((e) => [
    [e.startMs, 1],
    [e.endMs, -1],
  ])
  edges.sort((x, y) => (x[0] as number) - (y[0] as number) || (x[1] as number) - (y[1] as number))
  let open = 0
  let peak = 0
  for (const [, d] of edges) peak = Math.max(peak, (open += d as number))
  return {
    agentRuns: entries.filter((e) => e.role !== 'judge').length,
    judgements: entries.filter((e) => e.role === 'judge').length,
    peakSessions: peak,
  }
}

/** The executions and judgements a `skill-ab run` made, from its database. */
function skillAbWork(dataDir: string) {
  const db = new Database(join(dataDir, 'skill-ab.db'), { readonly: true })
  try {
    const one = (sql: string) => (db.prepare(sql).get() as { n: number | null }).n ?? 0
    return {
      agentRuns: one('SELECT SUM(attempt) AS n FROM run'),
      judgements: one('SELECT COUNT(*) AS n FROM trajectory_eval_result'),
    }
  } finally {
    db.close()
  }
}

export async function peerBench(opts: PeerOptions) {
  const home = mkdtempSync(join(tmpdir(), 'skill-ab-peer-'))
  const llm = await startScriptedLlm(demoModel)
  try {
    const cli = opts.promptfooDir
      ? promptfooCli(opts.promptfooDir)
      : await installPromptfoo(join(home, 'promptfoo'))
    const found = findOpencodeBin()
    if (!found) throw new Error('opencode not found')
    const ex = writeExampleFiles(join(home, 'example'))
    const providers = writeProviderConfig(join(home, 'provider.json'), { baseURL: llm.url })
    const cases = readFileSync(ex.datasetPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as PeerCase)
    // What `skill-ab` gives side b: a folder holding only `<name>/SKILL.md` of the skill under test.
    const skillsPath = join(home, 'skills')
    cpSync(ex.skillPath, join(skillsPath, 'pirate-speak'), { recursive: true })
    const settings: PeerSessionSettings = {
      opencodeBin: found.path,
      opencodeVersion: await opencodeVersion(found.path),
      providers,
      skillsPath,
      sessionsDir: join(home, 'sessions'),
      log: join(home, 'sessions.log'),
    }
    mkdirSync(settings.sessionsDir)
    const settingsFile = join(home, 'peer-settings.json')
    writeFileSync(settingsFile, JSON.stringify(settings))
    const configFile = join(home, 'promptfooconfig.yaml')
    const config = peerConfig({
      node: process.execPath,
      sessionScript: opts.sessionScript,
      settingsFile,
      skillName: 'pirate-speak',
      cases,
    })
    writeFileSync(configFile, JSON.stringify(config, null, 2))
    const resultsFile = join(home, 'promptfoo-results.json')
    const pfHome = join(home, 'promptfoo-home')
    mkdirSync(pfHome)

    const started = Date.now()
    const pf = await run(
      process.execPath,
      [cli, ...evalArgs(configFile, resultsFile, opts.rounds, opts.concurrency)],
      home,
      {
        PATH: process.env.PATH,
        HOME: pfHome,
        PROMPTFOO_CONFIG_DIR: join(pfHome, '.promptfoo'),
        PROMPTFOO_DISABLE_TELEMETRY: '1',
        PROMPTFOO_DISABLE_UPDATE: '1',
        PROMPTFOO_DISABLE_SHARING: '1',
      },
    )
    const promptfooMs = Date.now() - started
    process.stderr.write(`peer: promptfoo eval exited ${pf.code} after ${promptfooMs} ms\n`)
    // 100: some assertion failed (a grade below the pass mark) — a result; anything else is an error.
    if (pf.code !== 0 && pf.code !== 100)
      throw new Error(`promptfoo eval exited ${pf.code}:\n${pf.out.slice(-3000)}`)
    const runs = cases.length * 2 * opts.rounds
    const graded = checkGrades(JSON.parse(readFileSync(resultsFile, 'utf8')), runs)
    const promptfooWork = sessionsOf(settings.log)

    // skill-ab on the same cases, rounds and concurrency, on its default transport, right after.
    const taskHome = join(home, 'task')
    mkdirSync(taskHome)
    const skillAbMs = await skillAbRun(
      opts.root,
      taskHome,
      providers,
      {
        name: 'peer bench',
        skill: { path: ex.skillPath },
        dataset: { path: ex.datasetPath },
        repeatRounds: opts.rounds,
        agent: {
          model: 'scripted/agent',
          timeoutSec: 120,
          idleTimeoutSec: 60,
          concurrency: opts.concurrency,
        },
        judge: { model: 'scripted/judge' },
      },
      runs,
    )
    process.stderr.write(`peer: skill-ab run took ${skillAbMs} ms\n`)
    const skillAb = skillAbWork(join(taskHome, 'data'))
    const work = { promptfoo: promptfooWork, skillAb }
    if (
      promptfooWork.agentRuns !== runs ||
      skillAb.agentRuns !== runs ||
      promptfooWork.judgements !== runs ||
      skillAb.judgements !== runs
    )
      throw new Error(
        `the two sides did different work (expected ${runs} agent runs and ${runs} judgements each): ${JSON.stringify(work)}`,
      )
    return {
      promptfooVersion: PROMPTFOO_VERSION,
      cases: cases.length,
      rounds: opts.rounds,
      concurrency: opts.concurrency,
      // skill-ab judges in a pool of its own beside the agents'; promptfoo grades in the test's slot.
      skillAbJudgeConcurrency: judgeSchema.parse({}).concurrency,
      agentRuns: runs,
      judgements: runs,
      promptfooGraded: graded,
      promptfooPeakSessions: promptfooWork.peakSessions,
      promptfooMs,
      skillAbMs,
      /** How many times faster skill-ab is (target ≥ 1.5). */
      speedup: Math.round((promptfooMs / skillAbMs) * 100) / 100,
    }
  } finally {
    await llm.close()
    rmSync(home, { recursive: true, force: true })
  }
}
