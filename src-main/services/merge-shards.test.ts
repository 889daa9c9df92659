// Merging shard exports: one decision over all their runs, equal to the whole task's; shards of different
// tasks, overlapping shards and a missing shard are refused, naming the files and what differs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openTempStore, type TempStore } from '../db/store.fixture'
import { drive, findRun, seedExportTask } from '../export/task.fixture'
import type { ExportDocument } from '../../src-shared/export'
import { buildTaskExport } from './export-task'
import { mergeShards, type ShardFile } from './merge-shards'
import { shardCases } from './shard-task'

let t: TempStore
beforeEach(() => {
  t = openTempStore()
})
afterEach(() => t.cleanup())

const CASES = ['c1', 'c2', 'c3', 'c4', 'c5']

/** The whole task's export (b scores about 30 above a on every case), and its three shards' exports cut from it. */
function wholeAndShards(): { whole: ExportDocument; shards: ShardFile[] } {
  const { task, runs } = seedExportTask(t.store, { cases: CASES, rounds: 2 })
  for (const [k, c] of CASES.entries())
    for (const round of [1, 2]) {
      drive(t.store, findRun(runs, c, 'a', round).id, 'scored', { score: 40 + k + round })
      drive(t.store, findRun(runs, c, 'b', round).id, 'scored', { score: 70 + k - round })
    }
  const whole = buildTaskExport(t.store, task.id, { opencodeVersion: null, app: '0.1.0', secrets: [] })
  const shards = [1, 2, 3].map((index) => {
    const cases = shardCases(CASES, { index, count: 3 })
    const doc: ExportDocument = {
      ...whole,
      runs: whole.runs.filter((r) => cases.includes(r.caseId)),
      cases: whole.cases.filter((c) => cases.includes(c.caseId)),
      shard: {
        index,
        count: 3,
        cases,
        taskCases: CASES,
        configHash: 'sha256:config',
        casesHash: 'sha256:cases',
        evaluators: ['preset-agent-task-completion'],
        rounds: 2,
        prices: { agent: null, judge: null },
      },
    }
    return { file: `shard-${index}.json`, doc }
  })
  return { whole, shards }
}

describe('mergeShards', () => {
  it('counts no run without evidence: shards of an export written before skill-ab recorded it', () => {
    const { shards } = wholeAndShards()
    const older = shards.map((s) => ({
      ...s,
      doc: { ...s.doc, runs: s.doc.runs.map(({ offeredSkills: _evidence, ...run }) => run) },
    }))
    expect(older[0]?.doc.runs[0]).not.toHaveProperty('offeredSkills')
    const merged = mergeShards(older)
    expect(merged.decision.verdict).toBe('inconclusive')
    expect(merged.decision.coverage).toMatchObject({ counting: 0, total: 5 })
    expect(merged.cases.every((c) => c.a.score === null && c.b.score === null)).toBe(true)
    expect(merged.decision.warnings.find((w) => w.code === 'runs-without-evidence')?.message).toMatch(
      /^20 runs \(10 on side a, 10 on side b\)/,
    )
  })

  it("gives the whole task's decision and per-case table from its shards, in any order", () => {
    const { whole, shards } = wholeAndShards()
    expect(shards.map((s) => s.doc.shard?.cases)).toEqual([['c1', 'c4'], ['c2', 'c5'], ['c3']])
    const merged = mergeShards([shards[2], shards[0], shards[1]] as ShardFile[])
    expect(merged.decision).toEqual(whole.decision)
    expect(merged.cases).toEqual(whole.cases)
    expect(merged.runs).toHaveLength(whole.runs.length)
    expect(merged.shard).toMatchObject({ index: 0, count: 3, cases: CASES })
  })

  it('refuses two shards claiming one index, and a shard whose cases are not its slice', () => {
    const { shards } = wholeAndShards()
    const [one, two, three] = shards as [ShardFile, ShardFile, ShardFile]
    const alsoOne = { file: 'also-1.json', doc: { ...two.doc, shard: { ...two.doc.shard!, index: 1 } } }
    expect(() => mergeShards([one, alsoOne, three])).toThrow(
      /shard-1\.json and also-1\.json are both shard 1\/3: give each shard once/,
    )
    // A run moved into another shard's slice, its slice listed to match: the slice is not shard 2's.
    const moved = {
      file: 'moved.json',
      doc: { ...two.doc, shard: { ...two.doc.shard!, cases: ['c2', 'c3'] } },
    }
    expect(() => mergeShards([one, moved, three])).toThrow(
      /moved\.json claims cases that are not shard 2\/3's \(2 listed, 2 in that slice\)/,
    )
  })

  it('refuses shards of different tasks, naming the files and what differs', () => {
    const { shards } = wholeAndShards()
    const [one, two, three] = shards as [ShardFile, ShardFile, ShardFile]
    const otherSkill: ShardFile = {
      file: 'other.json',
      doc: {
        ...two.doc,
        skillVersions: {
          ...two.doc.skillVersions,
          b: { name: 'pirate-speak', label: 'v3', contentHash: 'sha256:x' },
        },
      },
    }
    expect(() => mergeShards([one, otherSkill, three])).toThrow(
      /shard-1\.json and other\.json are shards of different tasks: the skill snapshot of side b \(content hash\) differs/,
    )
    const otherConfig = {
      file: 'cfg.json',
      doc: { ...two.doc, shard: { ...two.doc.shard!, configHash: 'sha256:y' } },
    }
    expect(() => mergeShards([one, otherConfig, three])).toThrow(/the task config \(config hash\) differs/)
  })

  it('refuses a shard given twice, a missing shard, and an export that is no shard', () => {
    const { whole, shards } = wholeAndShards()
    const [one, two] = shards as [ShardFile, ShardFile, ShardFile]
    expect(() => mergeShards([one, two, { ...one, file: 'again.json' }])).toThrow(
      /shard-1\.json and again\.json are both shard 1\/3/,
    )
    expect(() => mergeShards([one, two])).toThrow(/leave out 1 of the task's 5 cases \(c3\)/)
    expect(() => mergeShards([one, { file: 'whole.json', doc: whole }])).toThrow(
      /whole\.json is not the export of a shard/,
    )
  })

  it('refuses shards priced differently, naming the model; a price unknown in both is no difference', () => {
    const { shards } = wholeAndShards()
    const [one, two, three] = shards as [ShardFile, ShardFile, ShardFile]
    const sonnet = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }
    const priced = (s: ShardFile, agent: typeof sonnet | null): ShardFile => ({
      ...s,
      doc: { ...s.doc, shard: { ...s.doc.shard!, prices: { agent, judge: null } } },
    })
    const merged = mergeShards([priced(one, sonnet), priced(two, sonnet), priced(three, sonnet)])
    expect(merged.shard?.prices).toEqual({ agent: sonnet, judge: null })
    expect(() =>
      mergeShards([priced(one, sonnet), priced(two, { ...sonnet, output: 16 }), priced(three, sonnet)]),
    ).toThrow(
      /shard-1\.json and shard-2\.json ran with different prices: the agent model's prices differ \(\$3 in · \$15 out .* vs \$3 in · \$16 out/,
    )
    expect(() => mergeShards([one, two, priced(three, sonnet)])).toThrow(
      /shard-1\.json and shard-3\.json ran with different prices: the agent model's prices differ \(unknown vs \$3 in/,
    )
  })
})
