import { execFileSync } from 'node:child_process'
import { it } from 'vitest'
import { makeWorld, runCli, writeSkill } from './support/fixtures'
import { startScriptedLlm } from './support/scripted-llm'

it('measure', async () => {
  const llm = await startScriptedLlm({ skillName: 'pirate-speak' })
  const world = makeWorld(llm.url)
  writeSkill(world, 'skill', 'pirate-speak')
  world.write('c.jsonl', Array.from({ length: 8 }, (_, i) => `{"id":"c${i}","prompt":"Hi ${i}."}`).join('\n'))
  for (const driver of ['server', 'process']) {
    const cfg = world.write(
      `${driver}.json`,
      JSON.stringify({
        name: driver,
        skill: { path: './skill' },
        dataset: { path: './c.jsonl' },
        repeatRounds: 1,
        agent: { model: 'scripted/agent', concurrency: 4, driver },
        judge: { model: 'scripted/judge' },
      }),
    )
    const res = await runCli(['run', cfg], world.env, world.root)
    console.log(
      driver,
      res.code,
      execFileSync('du', ['-sh', '--apparent-size', world.dataDir]).toString(),
      execFileSync('sh', [
        '-c',
        `du -s ${world.dataDir}/* ${world.dataDir}/tmp/* 2>/dev/null | sort -n | tail -8`,
      ]).toString(),
    )
  }
  await llm.close()
  world.cleanup()
}, 300_000)
