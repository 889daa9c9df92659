// Trigger probes offered exactly their skills (docs/triggers.md): a description the scripted agent
// always acts on (it holds ": ", as many published skills' do) has recall 100% at concurrency 1, 2 and 4, with
// a competing skill (whose description holds ": " too) and without; every probe stores what its instance
// offered, and the export carries it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { triggersExportSchema } from '../src-shared/triggers-export'
import { makeWorld, runCli, type World } from './support/fixtures'
import { PROBE_SCRIPT } from './support/probe-agent'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let world: World

const QUERIES = ['merge a.pdf and b.pdf', 'split big.pdf', 'fill in form.pdf', 'read the pdf report']
const SET = [
  ...QUERIES.map((q, i) => ({ id: `pdf${i + 1}`, query: `[[topic:pdf]] ${q}`, shouldTrigger: true })),
  { id: 'docx', query: '[[topic:docx]] convert report.docx', shouldTrigger: false },
  { id: 'weather', query: "[[topic:weather]] what's the weather?", shouldTrigger: false },
]

beforeAll(async () => {
  llm = await startScriptedLlm({ defaultScript: PROBE_SCRIPT })
  world = makeWorld(llm.url)
  const skill = (rel: string, name: string, description: string) =>
    world.write(`${rel}/SKILL.md`, `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`)
  skill('pdf', 'pdf-tools', 'Use when: merging, splitting, filling or reading pdf files.')
  skill('others/doc-tools', 'doc-tools', 'Use when: editing or converting Word documents (docx).')
  world.write('set.jsonl', SET.map((q) => JSON.stringify(q)).join('\n'))
})

afterAll(async () => {
  await llm?.close()
  world?.cleanup()
})

describe('trigger probes: every probe offered exactly its skills', () => {
  it.each([
    { concurrency: 1, competing: true },
    { concurrency: 2, competing: false },
    { concurrency: 4, competing: true },
  ])(
    'concurrency $concurrency, competing skill: $competing — recall 100%',
    async ({ concurrency, competing }) => {
      const name = `pdf triggers ${concurrency}${competing ? ' competing' : ''}`
      const file = world.write(
        `triggers-${concurrency}.json`,
        JSON.stringify({
          name,
          skill: { path: 'pdf' },
          triggerSet: { path: 'set.jsonl' },
          rounds: 2,
          agent: { model: 'scripted/agent', concurrency },
          ...(competing ? { competingSkills: { path: 'others' } } : {}),
        }),
      )
      const out = `triggers-${concurrency}-export.json`
      const res = await runCli(['triggers', file, '--export', out], world.env, world.root)
      expect(res.stderr).toMatch(/recall 100% \(4\/4/)
      expect(res.code, res.stderr).toBe(0)
      const doc = triggersExportSchema.parse(JSON.parse(readFileSync(join(world.root, out), 'utf8')))
      const offered = competing ? ['doc-tools', 'pdf-tools'] : ['pdf-tools']
      expect(doc.probes).toHaveLength(SET.length * 2)
      for (const p of doc.probes) {
        expect(p.status).toBe('done')
        expect(p.offeredSkills?.map((s) => s.name).sort(), `${p.queryId} r${p.round}`).toEqual(offered)
      }
    },
  )
})
