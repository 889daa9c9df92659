// What blind judging hides is read from the snapshots a task ran with: b's skill and a skill baseline's.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../db'
import { snapshotSkill } from '../inputs/skill-snapshot'
import { blindSpecOf } from './parts/evaluation-setup'

let root: string
let store: Store

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'skill-ab-blind-'))
  store = openStore(join(root, 'data'))
})
afterEach(() => {
  store.close()
  rmSync(root, { recursive: true, force: true })
})

function skillFolder(name: string, body: string, extra: Record<string, string | Buffer> = {}): string {
  const dir = join(root, 'live', name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: ${name} things.\n---\n${body}\n`)
  for (const [rel, content] of Object.entries(extra)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true })
    writeFileSync(join(dir, rel), content)
  }
  return dir
}

function task(kind: 'ab' | 'case', withBaseline: boolean) {
  const bDir = skillFolder('tidy-notes', 'Group every action item under a heading.', {
    'reference.md': 'Owners come first.',
    'evals/evals.json': '{"expected_output": "the right answer"}',
    'logo.png': Buffer.from([137, 80, 78, 71, 0, 1, 2]),
  })
  const b = snapshotSkill(bDir, store.dataDir)
  const a = withBaseline
    ? snapshotSkill(skillFolder('pdf', 'Extract the text layer first.'), store.dataDir)
    : null
  // The live folder changes after the task ran: the judge must hide what the agents saw.
  writeFileSync(join(bDir, 'SKILL.md'), '---\nname: tidy-notes\ndescription: edited.\n---\nEdited later.\n')
  const sv = (s: typeof b) => store.skillVersions.upsert(s.name, s.label, s.contentHash, s.snapshotDir)
  const { dataset } = store.datasets.import('/cases.jsonl', 'jsonl', [{ caseKey: 'c1', prompt: 'p' }])
  const row = store.tasks.create({
    taskName: `t-${kind}`,
    skillName: 'tidy-notes',
    skillVersion: b.label,
    configJson: '{}',
    skillVersionAId: a ? sv(a).id : null,
    skillVersionBId: sv(b).id,
    datasetId: dataset.id,
    kind,
  })
  return { row, b, a }
}

describe('blindSpecOf', () => {
  it("an A/B task hides b's skill as snapshotted: its SKILL.md, not the files it ships nor evals/", () => {
    const { row, b } = task('ab', false)
    const spec = blindSpecOf(store, row)
    expect(spec?.snapshotDirs).toEqual([b.snapshotDir])
    expect(spec?.skills).toHaveLength(1)
    const text = spec?.skills[0]?.text ?? ''
    expect(spec?.skills[0]?.name).toBe('tidy-notes')
    expect(text.startsWith('---\nname: tidy-notes\ndescription: tidy-notes things.')).toBe(true)
    expect(text).toContain('Group every action item under a heading.')
    // A file the skill ships (a template, a reference) is what b may rightly apply: not redacted.
    expect(text).not.toContain('Owners come first.')
    expect(text).not.toContain('Edited later')
    expect(text).not.toContain('the right answer')
    expect(text).not.toContain('PNG')
  })

  it('a skill baseline is hidden too, the same for both sides', () => {
    const { row, a, b } = task('ab', true)
    const spec = blindSpecOf(store, row)
    expect(spec?.skills.map((s) => s.name)).toEqual(['tidy-notes', 'pdf'])
    expect(spec?.skills[1]?.text).toContain('Extract the text layer first.')
    expect(spec?.snapshotDirs).toEqual([b.snapshotDir, a?.snapshotDir])
  })

  it('a case analysis is judged as stored (one skill on its own: no side to tell apart)', () => {
    expect(blindSpecOf(store, task('case', false).row)).toBeNull()
  })

  it('a snapshot that is gone still hides the name and its paths', () => {
    const { row, b } = task('ab', false)
    rmSync(join(store.dataDir, 'skills'), { recursive: true, force: true })
    expect(blindSpecOf(store, row)).toEqual({
      skills: [{ name: 'tidy-notes', text: '' }],
      snapshotDirs: [b.snapshotDir],
    })
  })
})
