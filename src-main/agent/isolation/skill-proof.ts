// The isolation proof: `opencode debug skill` per side must list exactly its own snapshot, or no skill,
// and the snapshot must hold no part of the answer key.
import { realpathSync } from 'node:fs'
import { join, sep } from 'node:path'
import { queryOpencode, type OpencodeQueryInput } from '../opencode/opencode-query'
import { unsealedSnapshotProblem } from './sealed-rules'
import type { IsolationProof, SideSpec } from '../types'
import { plural } from '../../../src-shared/plural'

export interface ListedSkill {
  name: string
  location: string
}

/** The location opencode reports for skills compiled into it (e.g. customize-opencode). */
export const BUILT_IN_LOCATION = '<built-in>'

/** Parses `opencode debug skill` output (a JSON array of {name, description, location, content}). */
export function parseDebugSkill(stdout: string): ListedSkill[] {
  const start = stdout.indexOf('[')
  const end = stdout.lastIndexOf(']')
  if (start < 0 || end < start) throw new Error('no JSON array in `opencode debug skill` output')
  const value = JSON.parse(stdout.slice(start, end + 1)) as unknown
  if (!Array.isArray(value)) throw new Error('`opencode debug skill` did not print an array')
  return value
    .filter((s): s is Record<string, unknown> => !!s && typeof s === 'object')
    .map((s) => ({ name: String(s.name ?? ''), location: String(s.location ?? '') }))
}

/** Skills that are not built into opencode. */
export function nonBuiltIn(skills: ListedSkill[]): ListedSkill[] {
  return skills.filter((s) => s.location !== BUILT_IN_LOCATION && !s.location.startsWith('<'))
}

function canonical(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

/** The SKILL.md opencode must report for a side's skill: its offered copy's (set once the side is prepared). */
export function expectedLocation(spec: SideSpec): string | null {
  return spec.skill ? join(spec.skill.offeredDir ?? spec.skill.snapshotDir, 'SKILL.md') : null
}

/** Judges what a side sees: exactly its own snapshot, or (no skill) nothing but built-ins. */
export function judgeVisibility(spec: SideSpec, visible: ListedSkill[]): IsolationProof {
  const expected = expectedLocation(spec)
  const mine = (s: ListedSkill): boolean =>
    !!spec.skill &&
    expected !== null &&
    s.name === spec.skill.name &&
    canonical(s.location) === canonical(expected)
  const own = visible.filter(mine)
  const foreign = visible.filter((s) => !mine(s))
  const list = (ss: ListedSkill[]): string => ss.map((s) => `${s.name} (${s.location})`).join(', ')
  const base = { side: spec.side, visible }
  if (foreign.length > 0) {
    const leak = foreign.some((s) => s.name === spec.skillUnderTest)
      ? ` including the skill under test "${spec.skillUnderTest}"`
      : ''
    return {
      ...base,
      ok: false,
      message: `side ${spec.side} sees skills it must not see${leak}: ${list(foreign)}; expected ${
        spec.skill ? `only ${spec.skill.name} at ${expected}` : 'none'
      }`,
    }
  }
  if (spec.skill && own.length !== 1) {
    return {
      ...base,
      ok: false,
      message: `side ${spec.side} does not see its skill ${spec.skill.name} at ${expected} (check its SKILL.md front matter: name and description)`,
    }
  }
  return {
    ...base,
    ok: true,
    message: spec.skill
      ? `side ${spec.side} sees exactly ${spec.skill.name} at ${expected}`
      : `side ${spec.side} sees no skill (the skill under test "${spec.skillUnderTest}" is hidden)`,
  }
}

/**
 * The failed proofs, each problem once: one both sides share (a model opencode does not know, say) is said
 * for "sides a and b", not once per side. `word` names what a proof is of ("side", "version").
 */
export function failedProofGroups(
  proofs: readonly { side: string; ok: boolean; message: string }[],
  word = 'side',
): { label: string; message: string }[] {
  const bySides = new Map<string, string[]>()
  for (const p of proofs) if (!p.ok) bySides.set(p.message, [...(bySides.get(p.message) ?? []), p.side])
  return [...bySides].map(([message, sides]) => ({
    label:
      sides.length > 1
        ? `${word}s ${sides.slice(0, -1).join(', ')} and ${sides.at(-1)}`
        : `${word} ${sides[0]}`,
    message,
  }))
}

/** failedProofGroups as lines: `sides a and b: model x/y: …` (a message that names its side is kept as is). */
export function failedProofLines(
  proofs: readonly { side: string; ok: boolean; message: string }[],
  word = 'side',
): string[] {
  return failedProofGroups(proofs, word).map(({ label, message }) =>
    message.startsWith(`${label} `) ? message : `${label}: ${message}`,
  )
}

/** Whether `location` is inside `dir` (both canonical). */
function inside(location: string, dir: string): boolean {
  const d = canonical(dir)
  const l = canonical(location)
  return l.startsWith(`${d}${sep}`)
}

/**
 * Judges what one run's opencode offers, in its work dir: exactly its side's skills, plus any skill the case
 * itself ships inside the work dir (`.opencode/skills/…`: part of the case, offered to both sides alike) — unless
 * such a skill bears the name of the skill under test or of the side's own skill, which would hand a copy of
 * it to a side that must not have it (or a second one to the side that must have exactly its snapshot).
 */
export function judgeRunVisibility(spec: SideSpec, workDir: string, visible: ListedSkill[]): IsolationProof {
  const fromCase = visible.filter((s) => inside(s.location, workDir))
  const reserved = new Set([spec.skillUnderTest, ...(spec.skill ? [spec.skill.name] : [])])
  const named = fromCase.filter((s) => reserved.has(s.name))
  if (named.length)
    return {
      side: spec.side,
      ok: false,
      visible,
      message: `side ${spec.side}: the case ships a skill named like the skill under test (${named.map((s) => `${s.name} at ${s.location}`).join(', ')}); rename or remove it from the case's files`,
    }
  const proof = judgeVisibility(
    spec,
    visible.filter((s) => !fromCase.includes(s)),
  )
  return { ...proof, visible }
}

/**
 * The first part of every side's proof, before opencode is asked anything: a failed proof when the side's
 * snapshot holds part of the answer key (`evals/`, a copy of the dataset), else null.
 */
export function proveSealed(spec: SideSpec): IsolationProof | null {
  const problem = unsealedSnapshotProblem(spec)
  return problem ? { side: spec.side, ok: false, visible: [], message: problem } : null
}

/** Runs `opencode debug skill` and returns the non-built-in skills it lists; throws with stderr on failure. */
export async function listVisibleSkills(input: OpencodeQueryInput): Promise<ListedSkill[]> {
  const r = await queryOpencode(input, ['debug', 'skill'])
  if (r.failed) {
    const stderr = String(r.stderr ?? '')
      .trim()
      .slice(-2000)
    throw new Error(
      `\`opencode debug skill\` failed (${r.shortMessage ?? 'unknown'})${stderr ? `: ${stderr}` : ''}`,
    )
  }
  return nonBuiltIn(parseDebugSkill(String(r.stdout ?? '')))
}

/**
 * Judges what a trigger probe's server sees: exactly the skill under test and the competing skills, each at
 * its copy in the probe's skills folder (`<skillsDir>/<name>/SKILL.md`), and nothing from the user's folders.
 */
export function judgeProbeVisibility(
  spec: SideSpec,
  skillsDir: string,
  names: readonly string[],
  visible: ListedSkill[],
): IsolationProof {
  const at = (name: string): string => canonical(join(skillsDir, name, 'SKILL.md'))
  const foreign = visible.filter((s) => !names.includes(s.name) || canonical(s.location) !== at(s.name))
  const missing = names.filter((n) => !visible.some((s) => s.name === n && canonical(s.location) === at(n)))
  const list = (ss: ListedSkill[]): string => ss.map((s) => `${s.name} (${s.location})`).join(', ')
  const base = { side: spec.side, visible }
  if (foreign.length)
    return { ...base, ok: false, message: `the probes see skills they must not see: ${list(foreign)}` }
  if (missing.length)
    return {
      ...base,
      ok: false,
      message: `the probes do not see ${missing.join(', ')} in ${skillsDir} (check each SKILL.md front matter: name and description)`,
    }
  const others = names.length - 1
  return {
    ...base,
    ok: true,
    message: `the probes see exactly ${spec.skillUnderTest}${others ? ` and ${plural(others, 'competing skill')}` : ''}`,
  }
}
