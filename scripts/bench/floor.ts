// The floor benchmark: the same isolated opencode sessions `skill-ab run` makes (an agent run per case,
// side and round, then a judgement of each) as a bare loop of `opencode run` processes at the same total
// concurrency, against `skill-ab run` on each transport. The bare loop is the floor: what the sessions
// cost with nothing of the app around them. Answers come from the bundled scripted model.
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedConfigDir } from '../../src-main/agent/isolation/private-dirs'
import { findOpencodeBin, opencodeVersion } from '../../src-main/agent/opencode/opencode-bin'
import { buildConfigContent, buildRunEnv } from '../../src-main/agent/isolation/run-env'
import { demoModel } from '../../src-main/demo/demo-model'
import { startScriptedLlm, writeProviderConfig } from '../../src-main/demo/scripted-llm'
import { judgeConfigOverrides } from '../../src-main/judge/judge-prompt'
import { writeExampleFiles } from '../../src-main/services/examples'

export interface FloorOptions {
  /** The project root (bin/skill-ab.cjs, out/cli). */
  root: string
  rounds: number
  concurrency: number
  /** The transports `skill-ab run` is timed on. */
  drivers: readonly ('server' | 'process')[]
  /** Pairs of the first transport's task with the sandbox off and on; default 3. */
  sandboxPairs?: number
}

const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0

/** The wall time of the task with the sandbox off and on, `pairs` times each, alternating; their medians. */
async function sandboxCost(
  driver: string,
  pairs: number,
  time: (sandbox: 'off' | 'auto', pair: number) => Promise<number>,
) {
  const off: number[] = []
  const on: number[] = []
  // Pair numbers from 1: pair 0 is the transport's own timing (its data dir must not be run again).
  for (let i = 1; i <= pairs; i++) {
    off.push(await time('off', i))
    on.push(await time('auto', i))
  }
  const onMs = median(on)
  const offMs = median(off)
  return { driver, pairs, on, off, onMs, offMs, costPct: Math.round(((onMs - offMs) / offMs) * 1000) / 10 }
}

/** The default transport timed at two task sizes: one more run's cost, and what a task pays once. */
interface Marginal {
  /** Runs of the second, larger task. */
  runs: number
  wallMs: number
  /** One more run's share of the wall at this concurrency (wall difference × concurrency ÷ run difference). */
  perRunMs: number
  /** The rest of the smaller task's wall: servers booting, isolation proofs, the judge server, exit. */
  taskStartMs: number
}

interface Session {
  prompt: string
  side: 'a' | 'b'
}

function exec(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; stdin?: string }) {
  return new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'ignore'] })
    let stdout = ''
    child.stdout.on('data', (c) => (stdout += String(c)))
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, stdout }))
    child.stdin.end(opts.stdin ?? '')
  })
}

async function pool<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < items.length) await work(items[next++] as T)
  }
  await Promise.all(Array.from({ length: width }, lane))
}

/** The final text of a `run --format json` stream. */
function finalText(stdout: string): string {
  let text = ''
  for (const line of stdout.split('\n')) {
    try {
      const e = JSON.parse(line) as { type?: string; part?: { text?: string } }
      if (e.type === 'text' && e.part?.text) text = e.part.text
    } catch {
      // not an event line
    }
  }
  return text
}

/** One isolated `opencode run` as the process transport makes it: private dirs, clean env, config content.
 * The peer bench's promptfoo sessions are made by it too. */
export async function bareSession(
  bin: string,
  version: string,
  dir: string,
  providers: string,
  content: Record<string, unknown>,
  args: string[],
  stdin: string,
): Promise<string> {
  const dirs = {
    root: dir,
    home: join(dir, 'home'),
    config: join(dir, 'config'),
    data: join(dir, 'data'),
    cache: join(dir, 'cache'),
    state: join(dir, 'state'),
    tmp: join(dir, 'tmp'),
  }
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true })
  seedConfigDir(join(dirs.config, 'opencode'), version)
  const work = join(dir, 'work')
  mkdirSync(work, { recursive: true })
  const env = buildRunEnv({
    parent: { PATH: process.env.PATH },
    dirs,
    configFile: providers,
    configContent: content,
    envRefs: [],
    marker: 'floor-bench',
  })
  const started = Date.now()
  const res = await exec(bin, ['run', '--format', 'json', ...args], { cwd: work, env, stdin })
  if (process.env.BENCH_FLOOR_DEBUG)
    process.stderr.write(
      `bare ${args.join(' ')}: exit ${res.code} in ${Date.now() - started} ms: ${res.stdout.slice(-300)}\n`,
    )
  if (res.code !== 0) throw new Error(`a bare opencode run exited ${res.code}: ${res.stdout.slice(-500)}`)
  return finalText(res.stdout)
}

async function bareLoop(
  bin: string,
  version: string,
  home: string,
  providers: string,
  skillsPath: string,
  sessions: readonly Session[],
  width: number,
): Promise<number> {
  const started = Date.now()
  let n = 0
  await pool(sessions, width, async (s) => {
    const dir = join(home, `bare-${n++}`)
    const content = buildConfigContent({
      skillsPath: s.side === 'b' ? skillsPath : null,
      providers: ['scripted'],
      idleTimeoutSec: 60,
      tmpDir: join(dir, 'tmp'),
    })
    const text = await bareSession(
      bin,
      version,
      dir,
      providers,
      content,
      ['--model=scripted/agent', '--title=run'],
      s.prompt,
    )
    const judge = { ...content, ...judgeConfigOverrides('scripted/judge', 100) }
    const question = `Task: ${s.prompt}\n\nThe agent's final answer:\n${text}\n\nScore it from 0 to 100.`
    await bareSession(
      bin,
      version,
      `${dir}-judge`,
      providers,
      judge,
      ['--agent=judge', '--model=scripted/judge', '--title=judge'],
      question,
    )
    rmSync(dir, { recursive: true, force: true })
    rmSync(`${dir}-judge`, { recursive: true, force: true })
  })
  return Date.now() - started
}

export async function skillAbRun(
  root: string,
  home: string,
  providers: string,
  config: object,
  runs: number,
) {
  const file = join(home, 'task.json')
  writeFileSync(file, JSON.stringify(config))
  const started = Date.now()
  const res = await exec(process.execPath, [join(root, 'bin', 'skill-ab.cjs'), 'run', file], {
    cwd: home,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      SKILL_AB_HOME: join(home, 'data'),
      OPENCODE_CONFIG: providers,
    },
  })
  const wallMs = Date.now() - started
  // Any verdict will do; a run that failed fast would make the app look cheaper than it is.
  const summary = JSON.parse(res.stdout.trim().split('\n').at(-1) ?? '{}') as {
    status?: string
    runs?: { scored?: number }
  }
  if (summary.status !== 'done' || summary.runs?.scored !== runs)
    throw new Error(
      `skill-ab run exited ${res.code} without scoring all ${runs} runs: ${res.stdout.slice(-500)}`,
    )
  return wallMs
}

export async function floorBench(opts: FloorOptions) {
  const home = mkdtempSync(join(tmpdir(), 'skill-ab-floor-'))
  const llm = await startScriptedLlm(demoModel)
  try {
    const found = findOpencodeBin()
    if (!found) throw new Error('opencode not found')
    const version = await opencodeVersion(found.path)
    const ex = writeExampleFiles(join(home, 'example'))
    const providers = writeProviderConfig(join(home, 'provider.json'), { baseURL: llm.url })
    const prompts = readFileSync(ex.datasetPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { prompt: string }).prompt)
    const sessions: Session[] = []
    for (let r = 0; r < opts.rounds; r++)
      for (const prompt of prompts) for (const side of ['a', 'b'] as const) sessions.push({ prompt, side })
    // What `skill-ab` gives side b: a folder holding only `<name>/SKILL.md` of the skill under test.
    const skills = join(home, 'skills')
    cpSync(ex.skillPath, join(skills, 'pirate-speak'), { recursive: true })
    const bareMs = await bareLoop(found.path, version, home, providers, skills, sessions, opts.concurrency)
    const runs = sessions.length
    const transports: Record<
      string,
      { wallMs: number; ratioToBare: number; overheadPerRunMs: number; marginal?: Marginal }
    > = {}
    const timeTask = (driver: string, rounds: number, runCount: number, sandbox = 'auto', pair = 0) => {
      const taskHome = join(home, `task-${driver}-${rounds}-${sandbox}-${pair}`)
      mkdirSync(taskHome, { recursive: true })
      return skillAbRun(
        opts.root,
        taskHome,
        providers,
        {
          name: `floor ${driver}`,
          skill: { path: ex.skillPath },
          dataset: { path: ex.datasetPath },
          repeatRounds: rounds,
          agent: {
            model: 'scripted/agent',
            driver,
            timeoutSec: 120,
            idleTimeoutSec: 60,
            concurrency: opts.concurrency,
            sandbox,
          },
          judge: { model: 'scripted/judge' },
        },
        runCount,
      )
    }
    for (const driver of opts.drivers) {
      const wallMs = await timeTask(driver, opts.rounds, runs)
      transports[driver] = {
        wallMs,
        ratioToBare: Math.round((wallMs / bareMs) * 100) / 100,
        // The scripted model answers at once: a run's cost is all overhead (its sessions' share of the wall).
        overheadPerRunMs: Math.round((wallMs * opts.concurrency) / runs),
      }
      if (driver !== opts.drivers[0]) continue
      // The default transport again at twice the rounds: what one more run costs, apart from what a task
      // pays once (its servers booting and proving each side's isolation, the judge server's boot).
      const wall2 = await timeTask(driver, opts.rounds * 2, runs * 2)
      const perRunMs = ((wall2 - wallMs) * opts.concurrency) / runs
      transports[driver].marginal = {
        runs: runs * 2,
        wallMs: wall2,
        perRunMs: Math.round(perRunMs),
        taskStartMs: Math.round(wallMs - (runs * perRunMs) / opts.concurrency),
      }
    }
    // The OS sandbox's cost on the default transport: the same task with `agent.sandbox: "off"`, in pairs
    // (off, then on; each task in its own data dir, so nothing is reused), compared by their medians: one
    // pair on 2 busy cores moves by more than the cost itself.
    const [first] = opts.drivers
    const sandbox = first
      ? await sandboxCost(first, opts.sandboxPairs ?? 3, (sb, i) => timeTask(first, opts.rounds, runs, sb, i))
      : null
    return {
      runs,
      judgements: runs,
      sandbox,
      concurrency: opts.concurrency,
      bareLoopMs: bareMs,
      bareOverheadPerRunMs: Math.round((bareMs * opts.concurrency) / runs),
      transports,
    }
  } finally {
    await llm.close()
    rmSync(home, { recursive: true, force: true })
  }
}
