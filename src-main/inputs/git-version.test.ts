// Skill versions read from git: the config names the field of each problem, the snapshot's hash is the
// folder's, the versions a picker offers, and the user's working copy is never touched.
import { execFileSync } from 'node:child_process'
import { chmodSync, readFileSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listGitVersions } from './git-versions'
import { parseTaskConfig } from './load-config'
import { contentHash } from './skill'
import { inspectSource, releaseSource, withInspected } from './skill-source'
import { snapshotOf } from './skill-snapshot'
import { inputError, tempTree, writeTree } from './temp-files.fixture'

const skillMd = (body: string) => `---\nname: pirate-speak\ndescription: Talk like a pirate.\n---\n${body}\n`

const run = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, {
    cwd,
    env: {
      ...process.env,
      GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
      GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
    },
  }).toString('utf8')

/** A repo whose skills/pirate-speak has v1 (tag), v2 (main), an unrelated commit and uncommitted edits. */
function repo() {
  const dir = tempTree({
    'skills/pirate-speak/SKILL.md': skillMd('Say arr.'),
    'skills/pirate-speak/evals/evals.json': '{"skill_name": "pirate-speak", "evals": []}',
    'skills/pirate-speak/run.sh': '#!/bin/sh\necho arr\n',
    'cases.jsonl': '{"id": "c1", "prompt": "p"}\n',
  })
  chmodSync(join(dir, 'skills/pirate-speak/run.sh'), 0o755)
  run(dir, 'init', '-q', '-b', 'main')
  run(dir, 'config', 'user.email', 't@example.com')
  run(dir, 'config', 'user.name', 't')
  run(dir, 'add', '-A')
  run(dir, 'commit', '-qm', 'First pirate')
  run(dir, 'tag', 'v1')
  writeTree(dir, { 'skills/pirate-speak/SKILL.md': skillMd('Say arr, matey.') })
  run(dir, 'commit', '-qam', 'Matey')
  writeTree(dir, { 'README.md': 'other\n' })
  run(dir, 'add', '-A')
  run(dir, 'commit', '-qm', 'Unrelated readme')
  writeTree(dir, { 'skills/pirate-speak/SKILL.md': skillMd('Uncommitted edit.') })
  return dir
}

const config = (git: Record<string, unknown>) => ({
  name: 't',
  skill: { git },
  dataset: { path: './cases.jsonl' },
  agent: { model: 'a/m1' },
})

const status = (dir: string) => run(dir, 'status', '--porcelain')

describe('skill.git', () => {
  it('reads the commit a ref names, hashes it like a folder with the same files, and never touches the working copy', () => {
    const dir = repo()
    const before = { status: status(dir), md: readFileSync(join(dir, 'skills/pirate-speak/SKILL.md')) }
    const v1 = run(dir, 'rev-parse', 'v1').trim()
    const loaded = parseTaskConfig(config({ repo: '.', ref: 'v1', path: 'skills/pirate-speak' }), dir, {
      env: {},
    })
    expect(loaded.resolved.skill).toEqual({
      kind: 'git',
      version: { repo: dir, ref: 'v1', path: 'skills/pirate-speak', sha: v1, subject: 'First pirate' },
    })
    expect(loaded.resolved.skillPath).toBe(join(dir, 'skills/pirate-speak'))

    // The same files in a plain folder: the same content hash (evals/ left out of both; run.sh executable).
    const folder = tempTree({
      'pirate-speak/SKILL.md': skillMd('Say arr.'),
      'pirate-speak/run.sh': '#!/bin/sh\necho arr\n',
    })
    const snap = withInspected(loaded.resolved.skill, (checked) => {
      expect(checked.selection.evalsFiles).toBe(1)
      return snapshotOf(checked, '/data')
    })
    expect(snap.contentHash).toBe(contentHash(join(folder, 'pirate-speak')))
    expect(snap.label).toBe(v1.slice(0, 7))
    expect(snap.git?.subject).toBe('First pirate')

    const checked = inspectSource(loaded.resolved.skill)
    releaseSource(checked)
    expect(() => readFileSync(join(checked.dir, 'SKILL.md'))).toThrow(/ENOENT/)
    expect(status(dir)).toBe(before.status)
    expect(readFileSync(join(dir, 'skills/pirate-speak/SKILL.md'))).toEqual(before.md)
  })

  it('names the field of each problem: repo, ref, path, and the source to give', () => {
    const dir = repo()
    const notRepo = tempTree({ 'x.txt': 'x' })
    const problems = (git: Record<string, unknown>) =>
      inputError(() => parseTaskConfig(config(git), dir, { env: {} })).details.map((p) => [
        p.field,
        p.message,
      ])
    expect(problems({ repo: '.', ref: 'v9', path: 'skills/pirate-speak' })).toEqual([
      ['skill.git.ref', `skill.git.ref: no commit "v9" in ${dir}`],
    ])
    expect(problems({ repo: '.', ref: 'v1', path: 'skills/none' })[0]).toEqual([
      'skill.git.path',
      expect.stringMatching(
        /^skill\.git\.path: no folder "skills\/none" in commit [0-9a-f]{7} "First pirate"/,
      ),
    ])
    expect(problems({ repo: notRepo, ref: 'main', path: '.' })).toEqual([
      ['skill.git.repo', `skill.git.repo: not a git repository: ${notRepo}`],
    ])
    expect(problems({ repo: '.', ref: '--output=x', path: '.' })[0]?.[0]).toBe('skill.git.ref')
    const neither = inputError(() => parseTaskConfig({ ...config({}), skill: {} }, dir, { env: {} }))
    expect(neither.details[0]?.message).toMatch(/give "path" .* or "git"/)
  })

  it('a stored commit pins the version whatever the ref names now', () => {
    const dir = repo()
    const v1 = run(dir, 'rev-parse', 'v1').trim()
    const git = { repo: dir, ref: 'main', path: 'skills/pirate-speak', commit: { sha: v1, subject: 'x' } }
    const { resolved } = parseTaskConfig(config(git), dir, { env: {} })
    expect(resolved.skill.kind === 'git' && resolved.skill.version.sha).toBe(v1)
  })

  it('refuses a SKILL.md problem in the commit, naming the folder and the commit (not a temp folder)', () => {
    const dir = repo()
    writeTree(dir, { 'skills/bad/SKILL.md': 'no front matter\n' })
    run(dir, 'add', '-A')
    run(dir, 'commit', '-qm', 'Bad skill')
    const { resolved } = parseTaskConfig(config({ repo: dir, ref: 'HEAD', path: 'skills/bad' }), dir, {
      env: {},
    })
    const err = inputError(() => inspectSource(resolved.skill))
    expect(err.message).toMatch(/skills\/bad\/SKILL\.md \(commit [0-9a-f]{7}\) line 1: no YAML front matter/)
    expect(err.message).not.toContain('skill-ab-git-')
  })
})

describe('skill.git checks', () => {
  it('refuses what a folder refuses (here a symlink), with the same message naming the commit', () => {
    const dir = repo()
    symlinkSync('SKILL.md', join(dir, 'skills/pirate-speak/link.md'))
    run(dir, 'add', '-A')
    run(dir, 'commit', '-qm', 'A link')
    const folder = inputError(() => inspectSource({ kind: 'folder', dir: join(dir, 'skills/pirate-speak') }))
    const { resolved } = parseTaskConfig(
      config({ repo: dir, ref: 'HEAD', path: 'skills/pirate-speak' }),
      dir,
      { env: {} },
    )
    const committed = inputError(() => inspectSource(resolved.skill))
    const sha = run(dir, 'rev-parse', '--short=7', 'HEAD').trim()
    expect(committed.details.map((p) => p.message)).toEqual(folder.details.map((p) => p.message))
    expect(committed.details[0]?.file).toBe(`${folder.details[0]?.file} (commit ${sha})`)
  })

  it('refuses a crafted commit whose skill folder holds a ".." entry (it would write outside the folder it is read into)', () => {
    const dir = repo()
    const git = (input: string, ...args: string[]): string =>
      execFileSync('git', args, { cwd: dir, input }).toString('utf8').trim()
    const blob = git('escaped\n', 'hash-object', '-w', '--stdin')
    const md = git(skillMd('Say arr.'), 'hash-object', '-w', '--stdin')
    const up = git(`100644 blob ${blob}\tescaped.txt\n`, 'mktree')
    const skill = git(`100644 blob ${md}\tSKILL.md\n040000 tree ${up}\t..\n`, 'mktree')
    const root = git(`040000 tree ${skill}\tskill\n`, 'mktree')
    const commit = git('', 'commit-tree', root, '-m', 'crafted')
    const { resolved } = parseTaskConfig(config({ repo: dir, ref: commit, path: 'skill' }), dir, { env: {} })
    expect(inputError(() => inspectSource(resolved.skill)).message).toMatch(
      /"\.\.\/escaped\.txt" in .* is not a path a skill can hold/,
    )
  })

  it('refuses a file tracked by Git LFS (its pointer is all a commit holds), naming it and what to do', () => {
    const dir = repo()
    const pointer = `version https://git-lfs.github.com/spec/v1\noid sha256:${'4d7a'.repeat(16)}\nsize 12345\n`
    writeTree(dir, {
      'skills/pirate-speak/assets/map.png': pointer,
      'skills/pirate-speak/notes.txt': pointer.slice(8),
    })
    run(dir, 'add', '-A')
    run(dir, 'commit', '-qm', 'A map in LFS')
    const { resolved } = parseTaskConfig(
      config({ repo: dir, ref: 'HEAD', path: 'skills/pirate-speak' }),
      dir,
      { env: {} },
    )
    const err = inputError(() => inspectSource(resolved.skill))
    expect(err.message).toMatch(
      /skill\.git\.path: skills\/pirate-speak\/assets\/map\.png in .* at [0-9a-f]{7} "A map in LFS" is a Git LFS pointer, not the file/,
    )
    expect(err.message).toContain('Use the working copy')
    expect(err.message).not.toContain('notes.txt')
  })
})

describe('listGitVersions', () => {
  it('lists the branches and tags holding the folder and the commits that touched it, newest first', () => {
    const dir = repo()
    run(dir, 'branch', 'old', 'v1')
    const list = listGitVersions(join(dir, 'skills/pirate-speak'))
    expect(list.repo).toBe(dir)
    expect(list.path).toBe('skills/pirate-speak')
    expect(list.workingCopyChanged).toBe(true)
    expect(list.versions.map((v) => [v.kind, v.kind === 'commit' ? v.subject : v.ref])).toEqual([
      ['branch', 'main'],
      ['branch', 'old'],
      ['tag', 'v1'],
      ['commit', 'Matey'],
      ['commit', 'First pirate'],
    ])
    expect(list.versions.find((v) => v.ref === 'main')?.subject).toBe('Unrelated readme')
    expect(listGitVersions(tempTree({ 'a.txt': 'a' })).repo).toBeNull()
  })
})
