// Bench helpers, bundled by scripts/bench.mjs: a task with N runs in mixed states (seeded through the real
// repositories), and the main-side coalescing throughput of live patches.
import { openStore } from '../../src-main/db'
import { EngineEvents } from '../../src-main/engine/events'
import { drive, seedExportTask, type Target } from '../../src-main/export/task.fixture'
import { PatchSource } from '../../src-main/api/live-patches'

export function seedBenchTask(
  dataDir: string,
  runs: number,
): { taskId: string; runs: number; seedMs: number } {
  const started = performance.now()
  const store = openStore(dataDir)
  try {
    const rounds = 2
    const cases = Array.from(
      { length: Math.ceil(runs / (2 * rounds)) },
      (_, i) => `case-${String(i).padStart(5, '0')}`,
    )
    const seeded = store.transaction(() => {
      const { task, runs: rows } = seedExportTask(store, { name: `bench ${runs} runs`, cases, rounds })
      rows.forEach((run, i) => {
        const target: Target | null =
          i % 50 === 0 ? 'exec-failed' : i % 37 === 0 ? 'eval-failed' : i % 23 === 0 ? null : 'scored'
        if (target)
          drive(store, run.id, target, { score: 30 + ((i * 7919) % 60) + (run.side === 'b' ? 8 : 0) })
      })
      return { taskId: task.id, runs: rows.length }
    })
    return { ...seeded, seedMs: Math.round(performance.now() - started) }
  } finally {
    store.close()
  }
}

/** Emits `events` run changes as fast as possible; returns how many patches reached a subscriber and how fast. */
export async function benchPatchSource(
  dataDir: string,
  events: number,
): Promise<{ events: number; patches: number; eventsPerSecond: number }> {
  const store = openStore(dataDir)
  const bus = new EngineEvents()
  const source = new PatchSource({ events: bus, store })
  let patches = 0
  source.subscribe(() => void patches++)
  const statuses = ['running', 'executed', 'evaluating', 'scored'] as const
  const started = performance.now()
  for (let i = 0; i < events; i++)
    bus.emit('run.changed', {
      id: `run-${i % 5000}`,
      taskId: 'task-bench',
      caseId: `case-${i % 1250}`,
      round: 1,
      side: i % 2 ? 'a' : 'b',
      status: statuses[i % 4] as (typeof statuses)[number],
      withoutEvidence: false,
      failureType: null,
      failureMessage: null,
      durationMs: null,
      totalTokens: null,
      score: null,
      skillLoaded: null,
    })
  source.flush()
  const elapsed = performance.now() - started
  source.close()
  store.close()
  return { events, patches, eventsPerSecond: Math.round(events / (elapsed / 1000)) }
}
