// A command evaluator belongs to the app that started it: when `skill-ab run` is SIGKILLed while one runs,
// the next start of the app (which lists the tasks) finds it by the dead owner's marker and kills it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runAndKillWhen } from './support/crash-cycle'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { writeTask } from './support/server-task'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: 'pirate-speak' })
  world = makeWorld(llm.url)
})
let leftover: number | null = null
afterAll(async () => {
  if (leftover !== null && alive(leftover)) process.kill(leftover, 'SIGKILL')
  await llm.close()
  world.cleanup()
})

/** Alive and not a zombie. */
function alive(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z')
  } catch {
    return false
  }
}

it('a command evaluator left running by a SIGKILLed app is reaped when the app starts again', async () => {
  writeSkill(world, 'skills/pirate-speak', 'pirate-speak')
  const pidFile = join(world.root, 'evaluator.pid')
  // The first evaluator to run writes its pid (noclobber: only one can) and sleeps; any other passes at once.
  const command = `if (set -C; echo $$ > ${pidFile}) 2>/dev/null; then exec sleep 300; fi`
  writeTask(
    world,
    'task.json',
    'reaped',
    'pirate-speak',
    '{"id":"c1","prompt":"Say hello."}\n',
    // Unsandboxed: a sandboxed evaluator dies with the app (bubblewrap's die-with-parent), and could not
    // write its pid here; the reaper is for what runs outside the sandbox.
    { sandbox: 'off' },
    {
      evaluators: [{ id: 'slow-check', kind: 'command', command, weight: 1 }],
    },
  )
  const t0 = Date.now()
  const killed = await runAndKillWhen(world, ['run', 'task.json'], () => {
    try {
      return alive(Number(readFileSync(pidFile, 'utf8')))
    } catch {
      return false
    }
  })
  expect(killed.killed, killed.stderr).toBe(true)
  const pid = Number(readFileSync(pidFile, 'utf8'))
  leftover = pid
  expect(alive(pid), 'the evaluator outlives the SIGKILLed app').toBe(true)

  // Listing the tasks is what the app does when it opens: it unsticks the dead app's runs and kills its leftovers.
  const t1 = Date.now()
  const again = await runCli(['list'], world.env, world.root)
  console.log(`[timing] killed after ${t1 - t0} ms; list took ${Date.now() - t1} ms`)
  expect(again.code, again.stderr).toBe(0)
  expect(alive(pid), `evaluator ${pid} still running after the app started again`).toBe(false)
})
