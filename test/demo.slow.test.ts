// `skill-ab demo` end to end (≈80 s on 2 cores: 20 agent runs + 20 judgements on servers): `npm run test:slow`.
import { existsSync, readFileSync } from 'node:fs'
import { afterAll, expect, it } from 'vitest'
import { exportSchema } from '../src-shared/export'
import { makeWorld, runCli } from './support/fixtures'

const world = makeWorld('http://127.0.0.1:9/v1')
afterAll(() => world.cleanup())

it('the demo runs the bundled example without any key, decides, and labels its export a demo', async () => {
  const env = { ...world.env }
  delete env.OPENCODE_CONFIG
  const res = await runCli(['demo', '--export', 'demo.json'], env, world.root)
  expect([0, 1, 3], res.stderr).toContain(res.code)
  expect(res.stderr).toContain('DEMO: the answers come from the bundled scripted model')
  expect(res.stderr).toMatch(/decision: (PASS|REJECT|INCONCLUSIVE)/)
  const doc = exportSchema.parse(JSON.parse(readFileSync(`${world.root}/demo.json`, 'utf8')))
  expect(doc.demo).toBe(true)
  expect(doc.runs).toHaveLength(20)
  expect(doc.runs.every((r) => r.status === 'scored')).toBe(true)
  expect(existsSync(`${world.dataDir}/demo/demo-task.json`)).toBe(true)
})
