// Skill versions: immutable snapshots of a skill folder, identified by (name, content hash, label).
import { newId, nowIso } from './ids'
import type { SkillVersionTable } from './schema'
import type { Sql } from './sql'

export interface SkillVersionRow {
  id: string
  skillName: string
  label: string
  /** `sha256:<hex>`. */
  contentHash: string
  snapshotDir: string
  createdAt: string
  /** The recipe `contentHash` was computed with: 1 (every file, rows made before recipe 2), 2 (the snapshot's files). */
  hashRecipe: number
}

/** The content-hash recipe new snapshots record (the inputs' HASH_RECIPE). */
export const CURRENT_HASH_RECIPE = 2

function toRow(r: SkillVersionTable): SkillVersionRow {
  return {
    id: r.id,
    skillName: r.skill_name,
    label: r.label,
    contentHash: r.content_hash,
    snapshotDir: r.snapshot_dir,
    createdAt: r.created_at,
    hashRecipe: r.hash_recipe,
  }
}

export class SkillVersionsRepo {
  constructor(private readonly sql: Sql) {}

  /**
   * Idempotent: returns the existing row for (name, hash, label) — its first snapshotDir and recipe are
   * kept (the same hash by two recipes means nothing was left out: the same files).
   */
  upsert(
    skillName: string,
    label: string,
    contentHash: string,
    snapshotDir: string,
    hashRecipe: number = CURRENT_HASH_RECIPE,
  ): SkillVersionRow {
    const { qb } = this.sql
    return this.sql.transaction(() => {
      this.sql.run(
        qb
          .insertInto('skill_version')
          .values({
            id: newId('sv'),
            skill_name: skillName,
            label,
            content_hash: contentHash,
            snapshot_dir: snapshotDir,
            created_at: nowIso(),
            hash_recipe: hashRecipe,
          })
          .onConflict((oc) => oc.columns(['skill_name', 'content_hash', 'label']).doNothing()),
      )
      const row = this.sql.first(
        qb
          .selectFrom('skill_version')
          .selectAll()
          .where('skill_name', '=', skillName)
          .where('content_hash', '=', contentHash)
          .where('label', '=', label),
      )
      if (!row) throw new Error(`skill version ${skillName}@${label} vanished after upsert`)
      return toRow(row)
    })
  }

  get(id: string): SkillVersionRow | null {
    const r = this.sql.first(this.sql.qb.selectFrom('skill_version').selectAll().where('id', '=', id))
    return r ? toRow(r) : null
  }

  /** Every version stored under this name and label (more than one means the contents changed). */
  findByLabel(skillName: string, label: string): SkillVersionRow[] {
    return this.sql
      .all(
        this.sql.qb
          .selectFrom('skill_version')
          .selectAll()
          .where('skill_name', '=', skillName)
          .where('label', '=', label)
          .orderBy('created_at'),
      )
      .map(toRow)
  }
}
