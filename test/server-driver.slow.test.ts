// Crash reaping on the server driver: a SIGKILLed `skill-ab run` leaves its `opencode serve`s behind; the
// next run reaps them (owner tag, recorded pid) and finishes the task. Slow: two CLI runs (`npm run test:slow`).
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SKILL, waitFor } from './agent-support'
import { processesOf } from './support/crash-cycle'
import { expectDecided } from './support/expect-decided'
import { CLI, makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'
import { runsOf, writeTask } from './support/server-task'

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: SKILL })
  world = makeWorld(llm.url)
  writeSkill(world, `skills/${SKILL}`, SKILL)
})
afterAll(async () => {
  await llm?.close()
  world?.cleanup()
})

describe('skill-ab run with "driver": "server", killed', () => {
  it('the servers of a killed `skill-ab run` are reaped by the next run, which finishes the task', async () => {
    writeTask(
      world,
      'crash.json',
      'killed over a server',
      SKILL,
      '{"id":"k1","prompt":"Slow. [[delay:8000]]"}\n',
    )
    const child = spawn(process.execPath, [CLI, 'run', 'crash.json'], {
      cwd: world.root,
      env: world.env,
      stdio: 'ignore',
    })
    await waitFor(
      () => runsOf(world, 'killed over a server').some((r) => r.status === 'running' && r.pid !== null),
      90_000,
      'a run on a server',
    )
    const orphans = processesOf(world.dataDir)
    expect(orphans.length).toBeGreaterThanOrEqual(1)
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
    expect(processesOf(world.dataDir).filter((pid) => orphans.includes(pid)).length).toBeGreaterThan(0)

    const again = await runCli(['run', 'crash.json'], world.env, world.root)
    expectDecided(again)
    expect(runsOf(world, 'killed over a server').map((r) => r.status)).toEqual(['scored', 'scored'])
    expect(processesOf(world.dataDir)).toEqual([])
  })
})
