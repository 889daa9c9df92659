// The answer key on the agent's side: the permission rules as opencode evaluates them, and the proof's
// check that a side's snapshot holds no part of it.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { judgeVisibility, proveSealed } from './skill-proof'
import { buildConfigContent } from './run-env'
import { unsealedSnapshotProblem } from './sealed-rules'
import type { SealedPaths, SideSpec } from '../types'

/**
 * opencode 1.18's rule evaluation, as read from its bundled source: the rules of a permission in config
 * order, the LAST whose wildcard matches wins (`*` = any text including "/", `?` = one character, the rest
 * literal, anchored); no match = "ask". `read` is asked with the path relative to the work dir,
 * `external_directory` with `<folder of the path>/*`.
 */
function evaluate(rules: Record<string, string>, pattern: string): string {
  const match = (text: string, wild: string): boolean =>
    new RegExp(
      `^${wild
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')}$`,
      's',
    ).test(text)
  return Object.entries(rules).findLast(([wild]) => match(pattern, wild))?.[1] ?? 'ask'
}

const DATA = '/home/u/.config/skill-ab'
const WORK = `${DATA}/work/t1/run_1-a1`
const KEY: SealedPaths = { files: ['/home/u/skill/evals/evals.json'], folders: ['/home/u/skill/evals'] }

function permissions(sealed: SealedPaths | undefined): Record<string, Record<string, string>> {
  const config = buildConfigContent({
    skillsPath: `${DATA}/skills/pirate/h1`,
    providers: [],
    idleTimeoutSec: 60,
    tmpDir: `${DATA}/tmp/run_1/tmp`,
    sealed,
    workBase: DATA,
  })
  return config.permission as Record<string, Record<string, string>>
}

const readOf = (perms: Record<string, Record<string, string>>, path: string): string =>
  evaluate(perms.read as Record<string, string>, relative(WORK, path))
const externalOf = (perms: Record<string, Record<string, string>>, folder: string): string =>
  evaluate(perms.external_directory as Record<string, string>, `${folder}/*`)

describe('opencode permissions seal the answer key for every run', () => {
  it('denies reading the dataset file and its evals folder, from any work dir of the task', () => {
    const perms = permissions(KEY)
    expect(readOf(perms, '/home/u/skill/evals/evals.json')).toBe('deny')
    expect(readOf(perms, '/home/u/skill/evals/files/input.csv')).toBe('deny')
    expect(evaluate(perms.read as Record<string, string>, '/home/u/skill/evals/evals.json')).toBe('deny')
    expect(externalOf(perms, '/home/u/skill/evals')).toBe('deny')
    expect(externalOf(perms, '/home/u/skill')).toBe('deny')
    // Without the seal, only the work dir's own boundary stood between the agent and the key.
    expect(readOf(permissions(undefined), '/home/u/skill/evals/evals.json')).toBe('allow')
  })

  it('still allows the work dir, the private tmp dir and the skill snapshot', () => {
    const perms = permissions(KEY)
    expect(readOf(perms, `${WORK}/src/evals.json`)).toBe('allow')
    expect(readOf(perms, `${DATA}/skills/pirate/h1/pirate/SKILL.md`)).toBe('allow')
    expect(readOf(perms, `${WORK}/.env`)).toBe('deny')
    expect(externalOf(perms, `${DATA}/skills/pirate/h1/pirate`)).toBe('allow')
    expect(externalOf(perms, `${DATA}/tmp/run_1/tmp`)).toBe('allow')
  })

  it('denies a dataset kept in the data dir itself (the bundled example)', () => {
    const perms = permissions({ files: [`${DATA}/examples/cases.jsonl`], folders: [] })
    expect(readOf(perms, `${DATA}/examples/cases.jsonl`)).toBe('deny')
    expect(externalOf(perms, `${DATA}/examples`)).toBe('deny')
    expect(readOf(perms, `${DATA}/skills/pirate/h1/pirate/SKILL.md`)).toBe('allow')
  })

  it('never denies a folder that holds the data dir (a dataset beside the data dir)', () => {
    const perms = permissions({ files: ['/home/u/cases.jsonl'], folders: [] })
    expect(readOf(perms, '/home/u/cases.jsonl')).toBe('deny')
    expect(externalOf(perms, `${DATA}/skills/pirate/h1/pirate`)).toBe('allow')
    expect(Object.keys(perms.external_directory as object)).not.toContain('/home/u/*')
  })
})

describe('the isolation proof refuses a snapshot that holds the answer key', () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  function world(files: Record<string, string>): { snap: string; spec: SideSpec } {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'skill-ab-sealed-')))
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(join(root, rel, '..'), { recursive: true })
      writeFileSync(join(root, rel), text)
    }
    const snap = join(root, 'data/skills/pirate/h1/pirate')
    const spec: SideSpec = {
      side: 'b',
      skill: { name: 'pirate', snapshotDir: snap, contentHash: 'sha256:x' },
      skillUnderTest: 'pirate',
      model: 'p/m',
      runRoot: join(root, 'data/tmp'),
      timeoutSec: 60,
      idleTimeoutSec: 30,
      sealed: { files: [join(root, 'skill/evals/evals.json')], folders: [join(root, 'skill/evals')] },
    }
    return { snap, spec }
  }
  const SNAP = 'data/skills/pirate/h1/pirate'
  const SOURCE = { 'skill/SKILL.md': 'md', 'skill/evals/evals.json': '{"expected_output": "KEY"}' }

  it('passes a sealed snapshot', () => {
    const { snap, spec } = world({ ...SOURCE, [`${SNAP}/SKILL.md`]: 'md' })
    expect(proveSealed(spec)).toBeNull()
    expect(judgeVisibility(spec, [{ name: 'pirate', location: join(snap, 'SKILL.md') }]).ok).toBe(true)
  })

  it('fails the side when its snapshot holds evals/', () => {
    const { spec } = world({
      ...SOURCE,
      [`${SNAP}/SKILL.md`]: 'md',
      [`${SNAP}/evals/evals.json`]: '{}',
    })
    const proof = proveSealed(spec)
    expect(proof?.ok).toBe(false)
    expect(proof?.message).toMatch(/^side b's skill snapshot .* holds evals\/ .*: delete that folder/)
  })

  it('fails the side when its snapshot holds a copy of the dataset file, or a link into the key', () => {
    const copy = world({
      ...SOURCE,
      [`${SNAP}/SKILL.md`]: 'md',
      [`${SNAP}/docs/cases.json`]: '{"expected_output": "KEY"}',
    })
    expect(unsealedSnapshotProblem(copy.spec)).toMatch(
      /holds docs\/cases\.json, a copy of the dataset file .*evals\.json .*: add the line "\/docs\/cases\.json" to the skill folder's \.skillabignore/,
    )
    rmSync(root, { recursive: true, force: true })
    const link = world({ ...SOURCE, [`${SNAP}/SKILL.md`]: 'md' })
    symlinkSync(join(root, 'skill/evals'), join(link.snap, 'tests'))
    expect(unsealedSnapshotProblem(link.spec)).toMatch(
      /links tests to .*skill\/evals, part of the dataset's answer key/,
    )
  })
})
