// Datasets and their cases: imported all-or-nothing; a case's content hash detects edits on resume.
import { createHash } from 'node:crypto'
import type { CaseFiles } from '../../src-shared/case-file'
import { newId, nowIso } from './ids'
import type { DatasetCaseTable, DatasetTable } from './schema'
import type { Sql } from './sql'

export interface DatasetCaseInput {
  /** The user's case id (kept as a string). */
  caseKey: string
  prompt: string
  /** Relative POSIX path → text, or bytes as `{base64}`. */
  files?: CaseFiles
  expectedOutput?: string | null
  expectations?: string[]
  tags?: string[]
  /** Defaults to `caseContentHash(case)`. */
  contentHash?: string
}

export interface DatasetRow {
  id: string
  path: string
  format: string
  /** Hash over every case's key and content hash, in order. */
  contentHash: string
  caseCount: number
  createdAt: string
}

export interface DatasetCaseRow {
  id: string
  datasetId: string
  caseKey: string
  ordinal: number
  prompt: string
  files: CaseFiles
  expectedOutput: string | null
  expectations: string[]
  tags: string[]
  contentHash: string
}

function sha256(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`
}

/** Hash of what a run depends on: prompt, files, expected output, expectations (tags are labels only). */
export function caseContentHash(c: DatasetCaseInput): string {
  const files = Object.entries(c.files ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return sha256(JSON.stringify([c.prompt, files, c.expectedOutput ?? null, c.expectations ?? []]))
}

function toDataset(r: DatasetTable): DatasetRow {
  return {
    id: r.id,
    path: r.path,
    format: r.format,
    contentHash: r.content_hash,
    caseCount: r.case_count,
    createdAt: r.created_at,
  }
}

function toCase(r: DatasetCaseTable): DatasetCaseRow {
  return {
    id: r.id,
    datasetId: r.dataset_id,
    caseKey: r.case_key,
    ordinal: r.ordinal,
    prompt: r.prompt,
    files: JSON.parse(r.files_json) as CaseFiles,
    expectedOutput: r.expected_output,
    expectations: JSON.parse(r.expectations_json) as string[],
    tags: JSON.parse(r.tags_json) as string[],
    contentHash: r.content_hash,
  }
}

export class DatasetsRepo {
  constructor(private readonly sql: Sql) {}

  /**
   * Stores a dataset and all its cases in ONE transaction (all or nothing). Importing the same path,
   * format and contents again returns the stored dataset instead of a copy.
   */
  import(
    path: string,
    format: string,
    cases: DatasetCaseInput[],
  ): { dataset: DatasetRow; cases: DatasetCaseRow[] } {
    const { qb } = this.sql
    const hashed = cases.map((c) => ({ ...c, contentHash: c.contentHash ?? caseContentHash(c) }))
    const contentHash = sha256(JSON.stringify(hashed.map((c) => [c.caseKey, c.contentHash])))
    return this.sql.transaction(() => {
      const existing = this.sql.first(
        qb
          .selectFrom('dataset')
          .selectAll()
          .where('path', '=', path)
          .where('format', '=', format)
          .where('content_hash', '=', contentHash)
          .orderBy('created_at', 'desc'),
      )
      if (existing) return { dataset: toDataset(existing), cases: this.getCases(existing.id) }
      const dataset: DatasetTable = {
        id: newId('ds'),
        path,
        format,
        content_hash: contentHash,
        case_count: cases.length,
        created_at: nowIso(),
      }
      this.sql.run(qb.insertInto('dataset').values(dataset))
      const rows = hashed.map((c, ordinal): DatasetCaseTable => ({
        id: newId('case'),
        dataset_id: dataset.id,
        case_key: c.caseKey,
        ordinal,
        prompt: c.prompt,
        files_json: JSON.stringify(c.files ?? {}),
        expected_output: c.expectedOutput ?? null,
        expectations_json: JSON.stringify(c.expectations ?? []),
        tags_json: JSON.stringify(c.tags ?? []),
        content_hash: c.contentHash,
      }))
      for (const row of rows) this.sql.run(qb.insertInto('dataset_case').values(row))
      return { dataset: toDataset(dataset), cases: rows.map(toCase) }
    })
  }

  get(id: string): DatasetRow | null {
    const r = this.sql.first(this.sql.qb.selectFrom('dataset').selectAll().where('id', '=', id))
    return r ? toDataset(r) : null
  }

  /** The dataset's cases in file order. */
  getCases(datasetId: string): DatasetCaseRow[] {
    return this.sql
      .all(
        this.sql.qb
          .selectFrom('dataset_case')
          .selectAll()
          .where('dataset_id', '=', datasetId)
          .orderBy('ordinal'),
      )
      .map(toCase)
  }

  /** The dataset's case keys in file order (no case content: what a task's scope and row order need). */
  caseKeys(datasetId: string): string[] {
    return this.sql
      .all(
        this.sql.qb
          .selectFrom('dataset_case')
          .select('case_key')
          .where('dataset_id', '=', datasetId)
          .orderBy('ordinal'),
      )
      .map((r) => r.case_key)
  }

  getCase(datasetId: string, caseKey: string): DatasetCaseRow | null {
    const r = this.sql.first(
      this.sql.qb
        .selectFrom('dataset_case')
        .selectAll()
        .where('dataset_id', '=', datasetId)
        .where('case_key', '=', caseKey),
    )
    return r ? toCase(r) : null
  }
}
