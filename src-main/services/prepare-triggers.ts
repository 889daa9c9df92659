// Create or resume the trigger task a config describes (docs/triggers.md): the set, the description(s) and the
// competing skills are read and checked, snapshotted, and stored with the task; the probes it lacks are added.
// The only code that reads the user's folders for a trigger task: running it reads the store.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileSystemFault, type ProbeKey, type Store, type TriggerTaskRow } from '../db'
import { displayPath, InputError } from '../inputs/errors'
import type { LoadedTriggerConfig } from '../inputs/load-trigger-config'
import { inspectSkill, type CheckedSkill, type SkillSnapshot } from '../inputs/skill'
import { storeSnapshot } from '../inputs/skill-snapshot'
import { loadTriggerSet } from '../inputs/trigger-set'

export interface PreparedTriggers {
  task: TriggerTaskRow
  created: boolean
  /** Probes added by this call (a new task's, or rounds added on resume). */
  added: number
  /** The description under test (b) and the one it is compared with (a), when given. */
  skill: SkillSnapshot
  compare: SkillSnapshot | null
}

export function prepareTriggers(store: Store, loaded: LoadedTriggerConfig): PreparedTriggers {
  const { config, resolved } = loaded
  const set = loadTriggerSet(resolved.setPath)
  const inspected = inspectSkill(resolved.skillPath)
  const inspectedA = resolved.comparePath ? inspectSkill(resolved.comparePath) : null
  if (inspectedA && inspectedA.name !== inspected.name)
    throw new InputError({
      field: 'compareWith.path',
      message: `compareWith.path: the skill is named "${inspectedA.name}", the one under test "${inspected.name}"`,
      fix: 'compare two versions of the same skill (the agent looks for it by name)',
    })
  if (inspectedA && inspectedA.contentHash === inspected.contentHash)
    throw new InputError({
      field: 'compareWith.path',
      message: 'compareWith.path: both versions have the same contents',
      fix: 'point compareWith at the other version of the skill',
    })
  const competitors = resolved.competingPath ? competingSkills(resolved.competingPath, inspected.name) : []

  const copy = (checked: CheckedSkill, label?: string): SkillSnapshot => {
    try {
      return storeSnapshot(checked, store.dataDir, { label })
    } catch (err) {
      throw fileSystemFault(err, store.dataDir) ?? err
    }
  }
  const skill = copy(inspected, config.skill.label)
  const compare = inspectedA ? copy(inspectedA, config.compareWith?.label) : null
  const competing = competitors
    .map((c) => copy(c))
    .map((s) => ({
      name: s.name,
      contentHash: s.contentHash,
      snapshotDir: s.snapshotDir,
    }))
  const fingerprint = fingerprintOf({
    name: config.name,
    skill: skill.contentHash,
    compare: compare?.contentHash ?? null,
    competing: competing.map((c) => [c.name, c.contentHash]),
    queries: set.queries,
    model: config.agent.model,
    maxSteps: config.maxSteps,
  })
  const versions: ('a' | 'b')[] = compare ? ['a', 'b'] : ['b']
  const keys: ProbeKey[] = versions.flatMap((version) =>
    set.queries.flatMap((q) =>
      Array.from({ length: config.rounds }, (_, i) => ({ version, queryId: q.id, round: i + 1 })),
    ),
  )
  return store.transaction(() => {
    const version = (s: SkillSnapshot) =>
      store.skillVersions.upsert(s.name, s.label, s.contentHash, s.snapshotDir, s.hashRecipe)
    const found = store.triggerTasks.findByFingerprint(fingerprint)
    const configJson = JSON.stringify(config)
    const task =
      found ??
      store.triggerTasks.create({
        name: config.name,
        fingerprint,
        configJson,
        queries: set.queries,
        setFile: set.file,
        skillVersionBId: version(skill).id,
        skillVersionAId: compare ? version(compare).id : null,
        competing,
      })
    // Rounds, timeouts and concurrency may change on resume: the latest config is the one that runs.
    if (found) store.triggerTasks.setConfig(found.id, configJson)
    const added = store.triggerProbes.ensure(task.id, keys)
    return { task: store.triggerTasks.get(task.id) ?? task, created: !found, added, skill, compare }
  })
}

/** Every skill folder (holding SKILL.md) directly in `dir`, checked; none, or one named like the skill, is refused. */
function competingSkills(dir: string, skillName: string): CheckedSkill[] {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'SKILL.md')))
    .map((e) => join(dir, e.name))
    .sort()
  if (!folders.length)
    throw new InputError({
      field: 'competingSkills.path',
      message: `competingSkills.path: no skill folder (a folder holding SKILL.md) in ${displayPath(dir)}`,
      fix: 'point it at a folder of skill folders, e.g. ~/.claude/skills',
    })
  const skills = folders.map((f) => inspectSkill(f))
  const seen = new Set<string>()
  for (const s of skills) {
    if (s.name === skillName || seen.has(s.name))
      throw new InputError({
        field: 'competingSkills.path',
        message: `competingSkills.path: two skills are named "${s.name}" (${displayPath(s.dir)})`,
        fix:
          s.name === skillName
            ? 'leave the skill under test out of the competing skills'
            : 'keep one skill of each name',
      })
    seen.add(s.name)
  }
  return skills
}

function fingerprintOf(value: unknown): string {
  return `sha256:${createHash('sha256').update(JSON.stringify(value)).digest('hex')}`
}
