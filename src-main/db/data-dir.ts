// The data dir (docs/data-model.md, binding): $SKILL_AB_HOME, else ${XDG_CONFIG_HOME:-~/.config}/skill-ab.
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SKILL_AB_HOME) return resolve(env.SKILL_AB_HOME)
  const configHome = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config')
  return join(resolve(configHome), 'skill-ab')
}

export function databasePath(dir: string): string {
  return join(dir, 'skill-ab.db')
}

/**
 * What skill-ab keeps in its data dir: the database (and its WAL, SHM and journal), the settings, and the
 * folders of snapshots, work dirs, private dirs, trigger probes, the demo and the examples. No command may
 * write an output file there.
 */
const INTERNAL_FILES = [
  'skill-ab.db',
  'skill-ab.db-wal',
  'skill-ab.db-shm',
  'skill-ab.db-journal',
  'settings.json',
]
const INTERNAL_FOLDERS = ['skills', 'work', 'tmp', 'probes', 'demo', 'examples']

/** The data dir's own files (the database and its WAL, SHM and journal, the settings), as paths. */
export function dataDirFiles(dir: string): string[] {
  return INTERNAL_FILES.map((f) => join(dir, f))
}

/** Whether `rel` (a path relative to the data dir, `/`- or `\`-separated) is one of its internals. */
export function isDataDirInternal(rel: string): boolean {
  const [first = '', ...rest] = rel.split(/[\\/]/)
  return rest.length === 0 ? INTERNAL_FILES.includes(first) : INTERNAL_FOLDERS.includes(first)
}
