// A/A calibration end to end (README "A/A calibration"): `run --calibrate` after an A/B task on the same
// baseline executes only the rounds the A/B task did not, reports a noise floor, never passes (exit 5), and
// the A/B task's decision then shows its lift beside that floor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ExportDocument } from '../src-shared/export'
import type { NoiseFloor } from '../src-shared/noise-floor'
import { runCli, makeWorld, writeSkill, type World } from './support/fixtures'
import { ANSWER_EXISTS, expectDecided } from './support/expect-decided'
import { SERVER_AGENT } from './support/server-task'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: 'pirate-speak' })
  world = makeWorld(llm.url)
  writeSkill(world, 'skills/pirate-speak', 'pirate-speak')
  world.write('cases.jsonl', '{"id":"c1","prompt":"Say hello."}\n{"id":"c2","prompt":"Say goodbye."}\n')
  world.write(
    'ab.json',
    JSON.stringify({
      name: 'ab',
      skill: { path: './skills/pirate-speak', label: 'v2' },
      dataset: { path: './cases.jsonl' },
      repeatRounds: 2,
      evaluators: ANSWER_EXISTS,
      agent: SERVER_AGENT,
    }),
  )
})
afterAll(async () => {
  await llm.close()
  world.cleanup()
})

/** Runs the CLI and counts the scripted model's agent requests per side (side b lists the skill). */
async function run(...args: string[]) {
  const from = llm.requests.length
  const res = await runCli(args, world.env, world.root)
  const agent = llm.requests.slice(from).filter((r) => r.kind === 'agent')
  return {
    res,
    aRequests: agent.filter((r) => !r.skillListed).length,
    bRequests: agent.filter((r) => r.skillListed).length,
  }
}

describe('A/A calibration', () => {
  it('after an A/B task, executes only the missing baseline rounds, reports a floor with exit 5, and the A/B decision shows it', async () => {
    const ab = await run('run', 'ab.json')
    expectDecided(ab.res)
    expect(ab.res.stderr).toContain('noise floor: not measured (`skill-ab run <config.json> --calibrate`')
    expect(ab.aRequests).toBeGreaterThan(0)

    // 2 cases × 4 rounds of side a: rounds 1–2 are the A/B task's, rounds 3–4 execute (as many runs as it ran).
    const calibration = await run('run', 'ab.json', '--calibrate')
    expect(calibration.res.code, calibration.res.stderr).toBe(5)
    expect(calibration.bRequests).toBe(0)
    expect(calibration.aRequests).toBe(ab.aRequests)
    expect(calibration.res.stderr).toContain('2 cases × 4 rounds × 1 side (a, the baseline, against itself)')
    expect(calibration.res.stderr).toMatch(/reused 4 baseline runs of earlier tasks/)
    expect(calibration.res.stderr).toMatch(
      /calibration "ab \(A\/A calibration\)": noise floor ±\d+\.\d \(sd of A\/A differences, 2 cases × 2 rounds per arm\); false passes \d+% of 200 splits \(α 5%\)/,
    )
    const out = JSON.parse(calibration.res.stdout) as { verdict: string; status: string; floor: NoiseFloor }
    expect(out.verdict).toBe('calibration')
    expect(out.status).toBe('done')
    expect(out.floor).toMatchObject({ cases: 2, rounds: 2, splits: 200 })
    expect(out.floor.sd).toEqual(expect.any(Number))
    expect(out.floor.calls.pass + out.floor.calls.reject + out.floor.calls.inconclusive).toBe(200)

    // Again: nothing left to execute, the same floor.
    const again = await run('run', 'ab.json', '--calibrate')
    expect(again.res.code, again.res.stderr).toBe(5)
    expect(again.aRequests + again.bRequests).toBe(0)
    expect((JSON.parse(again.res.stdout) as { floor: NoiseFloor }).floor).toEqual(out.floor)

    // The A/B task (nothing to execute) now shows its lift beside the floor: summary, export, markdown.
    const decided = await run('run', 'ab.json', '--export', 'ab.out.json', '--markdown', 'ab.md')
    expectDecided(decided.res)
    expect(decided.aRequests + decided.bRequests).toBe(0)
    const floorLine =
      /lift [+-]\d+\.\d vs noise floor ±\d+\.\d \(sd of A\/A differences\); from calibration "ab \(A\/A calibration\)"/
    expect(decided.res.stderr).toMatch(floorLine)
    const doc = JSON.parse(readFileSync(join(world.root, 'ab.out.json'), 'utf8')) as ExportDocument
    expect(doc.noiseFloor).toMatchObject({ calibrationName: 'ab (A/A calibration)', finished: true })
    expect(doc.noiseFloor?.floor).toEqual(out.floor) // the same policy: the same floor
    expect(readFileSync(join(world.root, 'ab.md'), 'utf8')).toMatch(floorLine)
  })

  it('lists the calibration and its floor apart from the A/B tasks', async () => {
    const tasks = await runCli(['list'], world.env, world.root)
    expect(tasks.stdout).toMatch(/^\S+ {2}ab {2}\(pirate-speak v2\)/m)
    expect(tasks.stdout).not.toContain('ab (A/A calibration)')
    expect(tasks.stdout).toContain('and 1 A/A calibration: skill-ab list --calibrations')
    const json = await runCli(['list', '--calibrations', '--json'], world.env, world.root)
    const listed = JSON.parse(json.stdout) as { name: string; status: string; floor: NoiseFloor }[]
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({ name: 'ab (A/A calibration)', status: 'done' })
    expect(listed[0]?.floor).toMatchObject({ cases: 2, rounds: 2, splits: 200, sd: expect.any(Number) })
    const text = await runCli(['list', '--calibrations'], world.env, world.root)
    expect(text.stdout).toMatch(/ab \(A\/A calibration\) {2}done {2}8 scored .*noise floor ±\d+\.\d/)
  })

  it('--calibrate writes no export', async () => {
    const res = await runCli(['run', 'ab.json', '--calibrate', '--export', 'x.json'], world.env, world.root)
    expect(res.code).toBe(2)
    expect(res.stderr).toContain('--calibrate reports a noise floor, not a task to export')
  })
})
