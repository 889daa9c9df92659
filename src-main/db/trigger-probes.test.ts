// The trigger tables (migration 8): a task found by its fingerprint, its probes added once, written running
// before they run and done with a choice after, and a probe a dead process left running back to pending.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProbeEnd } from './trigger-probes'
import { openTempStore, type TempStore } from './store.fixture'

let t: TempStore
beforeEach(() => (t = openTempStore()))
afterEach(() => t.cleanup())

const TOKENS = { input: 900, output: 20, reasoning: 0, cacheRead: 100, cacheWrite: 0 }
const decided: ProbeEnd = {
  status: 'done',
  choice: 'this',
  skill: 'pdf',
  step: 2,
  steps: 2,
  tokens: TOKENS,
  costUsd: 0.003,
  durationMs: 800,
  message: null,
  offeredSkills: [{ name: 'pdf', location: '/data/probes/t/b/skills/pdf/SKILL.md' }],
}

function seed() {
  const { store } = t
  const sv = store.skillVersions.upsert('pdf', 'v2', 'sha256:v2', '/snap/v2')
  return store.triggerTasks.create({
    name: 'pdf triggers',
    fingerprint: 'sha256:f1',
    configJson: '{}',
    queries: [{ id: 'q1', query: 'merge PDFs', shouldTrigger: true }],
    setFile: '/sets/pdf.jsonl',
    skillVersionBId: sv.id,
    skillVersionAId: null,
    competing: [],
  })
}

describe('trigger tasks and probes', () => {
  it('a task is found by its fingerprint and keeps its stored set', () => {
    const task = seed()
    expect(t.store.triggerTasks.findByFingerprint('sha256:f1')).toMatchObject({
      id: task.id,
      status: 'idle',
      queries: [{ id: 'q1', query: 'merge PDFs', shouldTrigger: true }],
    })
    expect(t.store.triggerTasks.findByFingerprint('sha256:other')).toBeNull()
  })

  it('deleting a task removes its probes and keeps its skill version', () => {
    const task = seed()
    t.store.triggerProbes.ensure(task.id, [{ version: 'b', queryId: 'q1', round: 1 }])
    expect(t.store.triggerTasks.delete(task.id)).toBe(true)
    expect(t.store.triggerTasks.get(task.id)).toBeNull()
    expect(t.store.triggerProbes.listByTask(task.id)).toEqual([])
    expect(t.store.skillVersions.get(task.skillVersionBId)?.label).toBe('v2')
    expect(t.store.triggerTasks.delete(task.id)).toBe(false)
  })

  it('probes are added once; a probe runs once at a time and keeps what it found', () => {
    const task = seed()
    const keys = [1, 2].map((round) => ({ version: 'b' as const, queryId: 'q1', round }))
    expect(t.store.triggerProbes.ensure(task.id, keys)).toBe(2)
    expect(t.store.triggerProbes.ensure(task.id, keys)).toBe(0)
    const [first] = t.store.triggerProbes.listByTask(task.id)
    const id = first?.id ?? ''
    expect(t.store.triggerProbes.start(id, 'inst_1')).toMatchObject({ status: 'running', attempts: 1 })
    expect(t.store.triggerProbes.start(id, 'inst_2')).toBeNull()
    expect(t.store.triggerProbes.finish(id, decided)).toMatchObject({
      status: 'done',
      choice: 'this',
      tokens: TOKENS,
    })
    expect(t.store.triggerProbes.start(id, 'inst_1')).toBeNull()
  })

  it('a done probe without a choice is refused by the schema', () => {
    const task = seed()
    t.store.triggerProbes.ensure(task.id, [{ version: 'b', queryId: 'q1', round: 1 }])
    const id = t.store.triggerProbes.listByTask(task.id)[0]?.id ?? ''
    t.store.triggerProbes.start(id, 'inst_1')
    expect(() => t.store.triggerProbes.finish(id, { ...decided, choice: null })).toThrow(/CHECK constraint/)
  })

  it('a probe left running by a dead process goes back to pending, a finished one stays', () => {
    const task = seed()
    t.store.triggerProbes.ensure(
      task.id,
      [1, 2].map((round) => ({ version: 'b' as const, queryId: 'q1', round })),
    )
    const [a, b] = t.store.triggerProbes.listByTask(task.id)
    t.store.triggerProbes.start(a?.id ?? '', 'inst_dead')
    t.store.triggerProbes.start(b?.id ?? '', 'inst_dead')
    t.store.triggerProbes.finish(b?.id ?? '', decided)
    expect(t.store.triggerProbes.unstick(task.id)).toBe(1)
    expect(t.store.triggerProbes.listByTask(task.id).map((p) => p.status)).toEqual(['pending', 'done'])
  })
})
