// The git versions of a skill folder the setup screen offers (README "Skill versions from git"): the
// branches and tags whose commit holds the folder, and the latest commits that touched it. Read-only.
import { resolve } from 'node:path'
import type { GitVersionChoice, GitVersionList } from '../../src-shared/ipc-views'
import { git, gitText } from './git'

/** The most commits listed. */
const MAX_COMMITS = 50

/** A folder's git versions, or `{repo: null}` when it is not inside a git repository (or has no commit). */
export function listGitVersions(folder: string): GitVersionList {
  const top = gitText(folder, ['rev-parse', '--show-toplevel'])
  const head = top === null ? null : gitText(folder, ['rev-parse', '--verify', '--quiet', 'HEAD'])
  if (top === null || head === null) return { repo: null, path: '', versions: [], workingCopyChanged: false }
  const repo = resolve(top)
  const path = (gitText(folder, ['rev-parse', '--show-prefix']) ?? '').replace(/\/$/, '')
  const pathspec = path || '.'
  const commits = lines(
    gitText(repo, [
      'log',
      '--topo-order',
      '--branches',
      '--tags',
      `-n${MAX_COMMITS}`,
      '--format=%H%x00%s%x00%cI',
      '--',
      pathspec,
    ]),
  ).map((l): GitVersionChoice => {
    const [sha = '', subject = '', date = ''] = l.split('\0')
    return { kind: 'commit', ref: sha, sha, subject, date }
  })
  const refs = lines(
    gitText(repo, [
      'for-each-ref',
      '--format=%(refname)%00%(refname:short)%00%(objectname)%00%(*objectname)',
      'refs/heads',
      'refs/tags',
    ]),
  ).map((l) => {
    const [full = '', ref = '', object = '', peeled = ''] = l.split('\0')
    return {
      kind: full.startsWith('refs/tags/') ? ('tag' as const) : ('branch' as const),
      ref,
      sha: peeled || object,
    }
  })
  const holding = refsHolding(
    repo,
    path,
    refs.map((r) => r.sha),
  )
  const known = new Map(commits.map((c) => [c.sha, c]))
  const missing = [...new Set(refs.map((r) => r.sha).filter((sha) => holding.has(sha) && !known.has(sha)))]
  for (const c of describeCommits(repo, missing)) known.set(c.sha, c)
  const named = refs
    .filter((r) => holding.has(r.sha) && known.has(r.sha))
    .map((r): GitVersionChoice => ({ ...(known.get(r.sha) as GitVersionChoice), kind: r.kind, ref: r.ref }))
  const status = gitText(repo, ['status', '--porcelain', '--', pathspec])
  return {
    repo,
    path,
    versions: [
      ...named.filter((v) => v.kind === 'branch'),
      ...named.filter((v) => v.kind === 'tag'),
      ...commits,
    ],
    workingCopyChanged: status !== null && status.length > 0,
  }
}

/** The commits (of `shas`) whose tree holds the folder `path` ('' = the top). */
function refsHolding(repo: string, path: string, shas: readonly string[]): Set<string> {
  const unique = [...new Set(shas)]
  if (!unique.length) return new Set()
  const res = git(repo, ['cat-file', '--batch-check'], unique.map((sha) => `${sha}:${path}\n`).join(''))
  const out = lines(res.ok ? res.stdout.toString('utf8') : '')
  return new Set(unique.filter((_, i) => out[i]?.split(' ')[1] === 'tree'))
}

/** Subject and date of each commit in `shas`. */
function describeCommits(repo: string, shas: readonly string[]): GitVersionChoice[] {
  if (!shas.length) return []
  return lines(gitText(repo, ['log', '--no-walk=unsorted', '--format=%H%x00%s%x00%cI', ...shas])).map((l) => {
    const [sha = '', subject = '', date = ''] = l.split('\0')
    return { kind: 'commit', ref: sha, sha, subject, date }
  })
}

const lines = (text: string | null): string[] => (text ? text.split('\n').filter(Boolean) : [])
