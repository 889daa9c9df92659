import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore } from '../db'
import { openTempStore, type TempStore } from '../db/store.fixture'
import { announceRun } from '../engine/announce'
import { EngineEvents } from '../engine/events'
import { seedExportTask } from '../export/task.fixture'
import type { Patch } from '../../src-shared/ipc-views'
import { PatchSource } from './live-patches'

let temp: TempStore
let events: EngineEvents
let source: PatchSource
let patches: Patch[]

beforeEach(() => {
  temp = openTempStore()
  events = new EngineEvents()
  patches = []
})
afterEach(() => {
  source.close()
  temp.cleanup()
})

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('live patches', () => {
  it('coalesces 1,000 state changes into a few patches, keeping every status each run passed through, in order', async () => {
    source = new PatchSource({ events, store: temp.store, coalesceMs: 50 })
    source.subscribe((p) => patches.push(p))
    const { runs } = seedExportTask(temp.store, {
      cases: Array.from({ length: 100 }, (_, i) => `c${i}`),
      rounds: 1,
    })
    const started = Date.now()
    // 1,000 announcements (200 runs × 5) arrive within one coalescing window…
    for (const run of runs) for (let i = 0; i < 5; i++) announceRun(events, run)
    // …and one run is driven through the state machine in the same window.
    const one = runs[0]?.id as string
    temp.store.runs.transition(one, { from: ['pending'], to: 'running' })
    announceRun(events, temp.store.runs.get(one)!)
    for (const [from, to] of [
      ['running', 'executed'],
      ['executed', 'evaluating'],
      ['evaluating', 'scored'],
    ] as const) {
      temp.store.runs.transition(one, { from: [from], to, patch: to === 'scored' ? { score: 80 } : {} })
      announceRun(events, temp.store.runs.get(one)!)
    }
    expect(Date.now() - started).toBeLessThan(1000)
    await wait(120)
    expect(patches.length).toBeGreaterThanOrEqual(1)
    expect(patches.length).toBeLessThanOrEqual(3)
    const all = patches.flatMap((p) => p.runs)
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length)
    const mine = all.filter((r) => r.id === one)
    expect(mine).toHaveLength(1)
    expect(mine[0]?.statuses).toEqual(['pending', 'running', 'executed', 'evaluating', 'scored'])
    expect(mine[0]?.score).toBe(80)
    const task = patches.flatMap((p) => p.tasks)[0]
    expect(task?.runs?.scored).toBe(1)
  })

  it('reports writes of another process (PRAGMA data_version) as external, and nothing when nothing changed', async () => {
    source = new PatchSource({ events, store: temp.store, coalesceMs: 10, pollMs: 30 })
    source.subscribe((p) => patches.push(p))
    await wait(100)
    expect(patches).toEqual([])
    const other = openStore(temp.dir)
    try {
      seedExportTask(other, { name: 'written elsewhere' })
    } finally {
      other.close()
    }
    await wait(150)
    expect(patches.some((p) => p.external)).toBe(true)
  })
})

describe('live patches of trigger tasks', () => {
  it('a burst of probe changes names its trigger task once, and touches no A/B task', async () => {
    source = new PatchSource({ events, store: temp.store, coalesceMs: 20 })
    source.subscribe((p) => patches.push(p))
    for (let i = 0; i < 50; i++) events.emit('trigger.changed', { taskId: 'trg_1' })
    events.emit('trigger.changed', { taskId: 'trg_2' })
    await wait(60)
    expect(patches).toHaveLength(1)
    expect(patches[0]).toMatchObject({ runs: [], tasks: [], triggers: ['trg_1', 'trg_2'] })
  })
})
