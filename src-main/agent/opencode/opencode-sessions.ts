// Reads sessions out of a user's opencode data dir with opencode's own CLI (docs/opencode.md): the database is
// copied into private dirs first, so the user's data is never written to (not even a log line or a schema
// upgrade) and a running opencode is not disturbed. `opencode db` lists the sessions (`session list` only
// shows the current project's), `opencode export <id>` reads each one.
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { InputError } from '../../inputs/errors'
import { createPrivateDirs, removePrivateDirs } from '../isolation/private-dirs'
import { findOpencodeBin, opencodeVersion } from './opencode-bin'
import { queryOpencode } from './opencode-query'
import { makeRedactor } from '../isolation/redact'
import { secretNamedSources, secretSourcesFor, secretStrings } from '../isolation/secret-values'
import { buildRunEnv } from '../isolation/run-env'
import { sessionTrace, type SessionTrace } from './exported-session'

export const OPENCODE_DB = 'opencode.db'

export interface ReadSessionsInput {
  /** The folder holding opencode.db, the XDG data dir above it, or the database file. */
  dataDir: string
  /** Only these session ids (all top-level sessions when absent). */
  sessions?: readonly string[]
  env: NodeJS.ProcessEnv
  /** Where the private copy goes (under the app's data dir); removed afterwards. */
  runRoot: string
  /** The field named in messages (`--import` on the CLI). */
  field?: string
}

/** The opencode.db a user pointed at, or an InputError saying where it was looked for. */
export function locateOpencodeDb(dataDir: string, field = 'traces.dataDir'): string {
  const abs = resolve(dataDir)
  const candidates = [abs, join(abs, OPENCODE_DB), join(abs, 'opencode', OPENCODE_DB)]
  const found = candidates.find((c) => basename(c) === OPENCODE_DB && existsSync(c) && statSync(c).isFile())
  if (found) return found
  throw new InputError({
    field,
    message: `${field}: no opencode database (${OPENCODE_DB}) at ${abs}`,
    fix: 'give the folder holding opencode.db (`opencode db path` prints it; usually ~/.local/share/opencode)',
  })
}

export async function readOpencodeSessions(input: ReadSessionsInput): Promise<SessionTrace[]> {
  const field = input.field ?? 'traces.dataDir'
  const db = locateOpencodeDb(input.dataDir, field)
  const bin = findOpencodeBin({ env: input.env })
  if (!bin)
    throw new InputError({
      field,
      message: 'opencode not found',
      fix: 'install it, or set SKILL_AB_OPENCODE_BIN (`skill-ab doctor` says which binary is used)',
    })
  const version = await opencodeVersion(bin.path, input.env.PATH)
  const copies: PrivateCopy[] = []
  const copy = (): Query => {
    const c = privateCopy(input.runRoot, db, bin.path, version, input.env)
    copies.push(c)
    return c.query
  }
  try {
    const ids = await sessionIds(copy(), db, field)
    const wanted = input.sessions ? [...new Set(input.sessions)] : ids
    const unknown = wanted.filter((id) => !ids.includes(id))
    if (unknown.length)
      throw new InputError({
        field: '--sessions',
        message: `--sessions: no session ${unknown.join(', ')} in ${db}`,
        fix: `use ids it holds (${ids.slice(0, 5).join(', ') || 'none'}${ids.length > 5 ? ', …' : ''}), or leave --sessions out for all`,
      })
    // The sessions ran under the user's own env and config: their credentials may be anywhere in them.
    const redact = makeRedactor(
      secretStrings([...secretSourcesFor(undefined, input.env), ...secretNamedSources(input.env)]),
    )
    // Two exports at once (each is an opencode process, about 1 s of CPU start-up), each on its own copy of
    // the database: two opencode processes starting on one database file can fail with "database is locked".
    const traces: SessionTrace[] = new Array<SessionTrace>(wanted.length)
    let next = 0
    const worker = async (query: Query): Promise<void> => {
      for (let i = next++; i < wanted.length; i = next++)
        traces[i] = redact(await exportSession(query, wanted[i] as string, field))
    }
    const first = copies[0]?.query as Query
    await Promise.all(wanted.length > 1 ? [worker(first), worker(copy())] : [worker(first)])
    return traces
  } finally {
    for (const c of copies) removePrivateDirs(c.dirs)
  }
}

interface PrivateCopy {
  dirs: ReturnType<typeof createPrivateDirs>['dirs']
  query: Query
}

/** Private opencode dirs holding a copy of the user's database, and the env that points opencode at them. */
function privateCopy(
  runRoot: string,
  db: string,
  bin: string,
  version: string,
  parent: NodeJS.ProcessEnv,
): PrivateCopy {
  const { dirs } = createPrivateDirs({
    runRoot,
    label: 'import',
    opencodeVersion: version,
    ripgrep: { path: null, onPath: false },
    authFile: null,
    providerConfig: null,
  })
  const copyDir = join(dirs.data, 'opencode')
  mkdirSync(copyDir, { recursive: true })
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(db + suffix)) copyFileSync(db + suffix, join(copyDir, OPENCODE_DB + suffix))
  const env = buildRunEnv({
    parent: { PATH: parent.PATH, LANG: parent.LANG },
    dirs,
    configFile: null,
    configContent: {},
    envRefs: [],
    marker: `import-${basename(dirs.root)}`,
  })
  return { dirs, query: { bin, cwd: dirs.tmp, env } }
}

type Query = Parameters<typeof queryOpencode>[0]

/** Top-level sessions (subagent sessions belong to their parent's trace), oldest first. */
async function sessionIds(query: Query, db: string, field: string): Promise<string[]> {
  const r = await queryOpencode(query, ['db', 'SELECT * FROM session', '--format', 'json'])
  const out = String(r.stdout ?? '')
  if (r.failed)
    throw new InputError({
      field,
      message: `${field}: opencode could not read ${db}: ${tail(r.stderr) || r.shortMessage}`,
      fix: 'check it is an opencode data dir written by a compatible opencode version',
    })
  const start = out.indexOf('[')
  if (start < 0) return []
  const rows = JSON.parse(out.slice(start, out.lastIndexOf(']') + 1)) as Record<string, unknown>[]
  return rows
    .filter((s) => typeof s.id === 'string' && !s.parent_id)
    .sort((a, b) => Number(a.time_created ?? 0) - Number(b.time_created ?? 0))
    .map((s) => s.id as string)
}

async function exportSession(query: Query, id: string, field: string): Promise<SessionTrace> {
  const r = await queryOpencode(query, ['export', id])
  const out = String(r.stdout ?? '')
  try {
    if (r.failed) throw new Error(tail(r.stderr) || r.shortMessage)
    return sessionTrace(JSON.parse(out.slice(out.indexOf('{'), out.lastIndexOf('}') + 1)))
  } catch (err) {
    throw new InputError({
      field,
      message: `${field}: \`opencode export ${id}\` failed: ${(err as Error).message}`,
      fix: 'check the data dir was written by a compatible opencode version',
    })
  }
}

function tail(text: unknown): string {
  return String(text ?? '')
    .trim()
    .slice(-500)
}
