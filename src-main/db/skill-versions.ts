// Skill versions: immutable snapshots of a skill folder, identified by (name, content hash, label).
import { newId, nowIso } from './ids'
import type { SkillVersionTable } from './schema'
import type { Sql } from './sql'

export interface SkillVersionRow {
  id: string
  skillName: string
  label: string
  /** `sha256:<hex>` (DESIGN §10). */
  contentHash: string
  snapshotDir: string
  createdAt: string
}

function toRow(r: SkillVersionTable): SkillVersionRow {
  return {
    id: r.id,
    skillName: r.skill_name,
    label: r.label,
    contentHash: r.content_hash,
    snapshotDir: r.snapshot_dir,
    createdAt: r.created_at,
  }
}

export class SkillVersionsRepo {
  constructor(private readonly sql: Sql) {}

  /** Idempotent: returns the existing row for (name, hash, label) — its first snapshotDir is kept. */
  upsert(skillName: string, label: string, contentHash: string, snapshotDir: string): SkillVersionRow {
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
