// `skill-ab triggers` end to end with real opencode and the scripted LLM (docs/triggers.md): a set probed and
// reported, two descriptions compared per query with the exit code of the verdict, and a SIGKILL mid-set
// resumed with no probe that had a result probed again.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { processesWithEnv } from '../src-main/agent/session/process-group'
import { sandboxSupport } from '../src-main/agent/isolation/sandbox'
import { OWNER_MARKER_VAR } from '../src-main/agent/isolation/run-env'
import { openStore } from '../src-main/db'
import { triggersExportSchema } from '../src-shared/triggers-export'
import { CLI, makeWorld, runCli, stopCliChildren, type World } from './support/fixtures'
import { PROBE_SCRIPT } from './support/probe-agent'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

const MATCHING = 'Use when merging, splitting, filling or reading PDF files.'
const VAGUE = 'Helps with files.'

let llm: ScriptedLlm
let world: World

function skill(rel: string, name: string, description: string): void {
  world.write(`${rel}/SKILL.md`, `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`)
}

function config(file: string, extra: Record<string, unknown>): string {
  const base = {
    name: 'pdf triggers',
    skill: { path: 'pdf-v2' },
    triggerSet: { path: 'set.jsonl' },
    agent: { model: 'scripted/agent', concurrency: 2 },
  }
  return world.write(file, JSON.stringify({ ...base, ...extra }))
}

const PDF_QUERIES = [
  'merge a.pdf and b.pdf',
  'split big.pdf',
  'fill in form.pdf',
  'read the pdf report',
  'extract text from invoice.pdf',
]
const SET = [
  ...PDF_QUERIES.map((q, i) => ({ id: `pdf${i + 1}`, query: `[[topic:pdf]] ${q}`, shouldTrigger: true })),
  { id: 'look', query: '[[topic:pdf]] [[look-first]] rotate scan.pdf', shouldTrigger: true },
  { id: 'docx', query: '[[topic:docx]] convert report.docx', shouldTrigger: false },
  { id: 'weather', query: "[[topic:weather]] what's the weather?", shouldTrigger: false },
]

beforeAll(async () => {
  llm = await startScriptedLlm({ defaultScript: PROBE_SCRIPT })
  world = makeWorld(llm.url)
  skill('pdf-v2', 'pdf-tools', MATCHING)
  skill('pdf-v1', 'pdf-tools', VAGUE)
  skill('others/doc-tools', 'doc-tools', 'Use for Word documents (docx): edit, convert, review.')
  world.write('set.jsonl', SET.map((q) => JSON.stringify(q)).join('\n'))
})

afterAll(async () => {
  await stopCliChildren()
  await llm?.close()
  world?.cleanup()
})

describe('skill-ab triggers', () => {
  it('a matching description beside a competing skill: precision and recall 1, every query probed (exit 0)', async () => {
    const file = config('one.json', { rounds: 1, competingSkills: { path: 'others' } })
    const res = await runCli(['triggers', file], world.env, world.root)
    expect(res.stderr).toMatch(/isolation version b: the probes see exactly pdf-tools and 1 competing skill/)
    // The probes' server runs in the OS sandbox, like a task's sides (agent.sandbox "auto").
    if (sandboxSupport().ok) expect(res.stderr).toMatch(/competing skill; sandbox on \(bubblewrap/)
    expect(res.stderr).toMatch(/precision 100% \(6\/6, CI \d+%–100%\) · recall 100% \(6\/6/)
    expect(res.stderr).toMatch(/b · docx · round 1 {2}loaded doc-tools instead \(turn 1\)/)
    expect(res.stderr).toMatch(/b · look · round 1 {2}loaded the skill \(turn 2\)/)
    expect(JSON.parse(res.stdout)).toMatchObject({ status: 'done', probes: { done: 8 }, verdict: null })
    expect(res.code).toBe(0)
  })

  it("v2's description beats v1's on the same set: pass (exit 0), the misses named", async () => {
    const file = config('ab.json', { name: 'pdf a/b', rounds: 1, compareWith: { path: 'pdf-v1' } })
    const res = await runCli(['triggers', file, '--export', 'ab-export.json'], world.env, world.root)
    expect(res.stderr).toMatch(
      /"pdf a\/b" created: pdf-tools [0-9a-f]{8} \(b\) vs [0-9a-f]{8} \(a\), 8 queries × 1 round; 16 probes to run/,
    )
    expect(res.stderr).toMatch(/version a \([0-9a-f]{8}\): .*recall 0% \(0\/6/)
    expect(res.stderr).toMatch(
      /wrong: pdf1 "\[\[topic:pdf\]\] merge a\.pdf and b\.pdf" should trigger; it did in 0 of 1 rounds \(instead: none ×1\)/,
    )
    expect(res.stderr).toMatch(
      /description A\/B: pass\n[\s\S]*b right where a was wrong on 6, wrong where a was right on 0; exact McNemar p = 0\.0313/,
    )
    expect(res.code).toBe(0)
    // The export validates against its schema and carries every probe and the verdict.
    const doc = triggersExportSchema.parse(
      JSON.parse(readFileSync(join(world.root, 'ab-export.json'), 'utf8')),
    )
    expect(doc).toMatchObject({
      schema: 'skill-ab/triggers@1',
      comparison: { verdict: 'pass', betterInB: 6 },
    })
    expect(doc.probes).toHaveLength(16)
    expect(doc.results.a?.recall.rate).toBe(0)
  })

  it('a SIGKILL mid-set resumes: probes with a result are never probed again', async () => {
    const file = config('kill.json', {
      name: 'pdf kill',
      rounds: 3,
      // Unsandboxed, so that its probe server outlives the kill: a sandboxed one dies with the app
      // (bubblewrap's die-with-parent), and this tests the reaper the next start runs.
      agent: { model: 'scripted/agent', concurrency: 1, sandbox: 'off' },
    })
    const child = spawn(process.execPath, [CLI, 'triggers', file], {
      cwd: world.root,
      env: world.env,
      stdio: 'pipe',
    })
    let stderr = ''
    await new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
        if ((stderr.match(/\[probed /g) ?? []).length >= 4 && child.exitCode === null) {
          child.kill('SIGKILL')
          resolve()
        }
      })
      child.on('exit', () => resolve())
    })
    await new Promise((r) => child.once('exit', r))
    const store = openStore(world.dataDir)
    const task = store.triggerTasks.list().find((t) => t.name === 'pdf kill')
    const before = store.triggerProbes.listByTask(task?.id ?? '').filter((p) => p.status === 'done')
    store.close()
    // The killed process's probe server outlived it; the next run reaps it before it starts its own.
    const dead = { name: OWNER_MARKER_VAR, value: task?.ownerInstanceId ?? '' }
    expect(processesWithEnv(dead.name, dead.value).length).toBeGreaterThan(0)
    expect(before.length).toBeGreaterThanOrEqual(4)
    const res = await runCli(['triggers', file], world.env, world.root)
    expect(res.stderr).toMatch(/"pdf kill" resumed/)
    expect(res.code).toBe(0)
    expect(processesWithEnv(dead.name, dead.value)).toEqual([])
    const after = openStore(world.dataDir)
    const probes = after.triggerProbes.listByTask(task?.id ?? '')
    after.close()
    expect(probes).toHaveLength(SET.length * 3)
    expect(probes.every((p) => p.status === 'done')).toBe(true)
    for (const done of before) expect(probes.find((p) => p.id === done.id)).toEqual(done)
    // At most the one probe in flight at the kill (concurrency 1) was started twice.
    expect(probes.filter((p) => p.attempts > 1).length).toBeLessThanOrEqual(1)
  })
})
