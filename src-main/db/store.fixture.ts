// Test-only helpers: a store on a real SQLite file in a fresh temp dir, and a minimal task to hang runs on.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore, type Store } from './connection'
import type { TaskRow } from './tasks'

export interface TempStore {
  store: Store
  dir: string
  /** Closes the store and deletes the temp dir. */
  cleanup(): void
}

export function makeTempDir(): string {
  return mkdtempSync(join(tmpdir(), 'skill-ab-db-'))
}

export function openTempStore(): TempStore {
  const dir = makeTempDir()
  const store = openStore(dir)
  return {
    store,
    dir,
    cleanup: () => {
      store.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A task with a skill version and a two-case dataset. */
export function seedTask(store: Store, taskName = 'pirate v2 vs none', label = 'v2'): TaskRow {
  const sv = store.skillVersions.upsert('pirate-speak', label, `sha256:${label}`, `/snap/${label}`)
  const { dataset } = store.datasets.import('/data/cases.jsonl', 'jsonl', [
    { caseKey: 'c1', prompt: 'say hi' },
    { caseKey: 'c2', prompt: 'say bye' },
  ])
  return store.tasks.create({
    taskName,
    skillName: 'pirate-speak',
    skillVersion: label,
    configJson: JSON.stringify({ name: taskName }),
    skillVersionAId: null,
    skillVersionBId: sv.id,
    datasetId: dataset.id,
  })
}
