// e2e fixture: a temp world (HOME, data dir, skill, dataset), the scripted LLM answering slowly (≥ 1 s,
// so every state shows), and `skill-ab serve` on it — real services, real opencode.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { CLI, makeWorld, writeSkill, type World } from '../../test/support/fixtures'
import { startScriptedLlm, type ScriptedLlm, type ScriptedLlmOptions } from '../../test/support/scripted-llm'

export interface ServedApp {
  url: string
  world: World
  llm: ScriptedLlm
  skillPath: string
  datasetPath: string
  stderr(): string
  stop(): Promise<void>
}

/** `llm`: the scripted model's scripts (cases, defaultScript, judge); the skill is always pirate-speak. */
export async function serveApp(opts: {
  delayMs: number
  llm?: Omit<ScriptedLlmOptions, 'delayMs' | 'skillName'>
}): Promise<ServedApp> {
  const llm = await startScriptedLlm({ ...opts.llm, skillName: 'pirate-speak', delayMs: opts.delayMs })
  const world = makeWorld(llm.url)
  const skillPath = writeSkill(world, 'skills/pirate-speak', 'pirate-speak')
  const datasetPath = world.write(
    'cases.jsonl',
    '{"id":"hello","prompt":"Say hello to the crew."}\n{"id":"goodbye","prompt":"Say goodbye to the crew."}\n',
  )
  mkdirSync(world.dataDir, { recursive: true })
  const child: ChildProcess = spawn(process.execPath, [CLI, 'serve'], { env: world.env, cwd: world.root })
  let err = ''
  child.stderr?.on('data', (c) => (err += String(c)))
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`serve printed no URL; stderr: ${err}`)), 30_000)
    child.stdout?.on('data', (c) => {
      out += String(c)
      const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(m[0])
      }
    })
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)))
  })
  return {
    url,
    world,
    llm,
    skillPath,
    datasetPath,
    stderr: () => err,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGINT')
        const t = setTimeout(() => child.kill('SIGKILL'), 15_000)
        await exited
        clearTimeout(t)
      }
      await llm.close()
      world.cleanup()
    },
  }
}

export const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', 'reports', 'e2e-screenshots')
