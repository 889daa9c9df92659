// A task's stored config read back, in one place: the task config schema's typed value with its defaults,
// read field by field so that an older or partial row, or an imported-traces analysis, still reads.
import type { z } from 'zod'
import {
  CASE_ANALYSIS_DEFAULT_ROUNDS,
  importAnalysisSchema,
  type ImportAnalysisConfig,
} from './case-analysis'
import { TASK_KNOWN_KEYS, taskConfigSchema, type TaskConfig } from './task-config'

type Needed = 'name' | 'skill' | 'dataset' | 'agent'

/**
 * A stored task's config: every field the schema gives a default has it; `name`, `skill`, `dataset` and
 * `agent` are missing where the row has no valid one (an imported-traces analysis has no agent, skill or
 * dataset path; it has `traces` and the judge's `timeoutSec`).
 */
export type StoredConfig = Omit<TaskConfig, Needed> &
  Partial<Pick<TaskConfig, Needed>> & {
    traces?: ImportAnalysisConfig['traces']
    timeoutSec?: number
  }

const FIELDS = Object.entries(taskConfigSchema.shape)

/** The config a task stored (`configJson`), each field as the schema reads it; one that does not is left out. */
export function readStoredConfig(configJson: string): StoredConfig {
  const raw = storedConfigRecord(configJson)
  const out: Record<string, unknown> = {}
  for (const [key, schema] of FIELDS) {
    const value = fieldOf(schema, raw[key], key)
    if (value !== undefined) out[key] = value
  }
  const { traces, timeoutSec } = importAnalysisSchema.shape
  const imported = traces.safeParse(raw.traces)
  if (imported.success) {
    out.traces = imported.data
    out.timeoutSec = fieldOf(timeoutSec, raw.timeoutSec)
    // Each imported session is its case's one run: round 1.
    out.repeatRounds = CASE_ANALYSIS_DEFAULT_ROUNDS
  }
  return out as StoredConfig
}

/** The whole task config when the stored one has every field (null: a partial row or an imported analysis). */
export function wholeConfig(config: StoredConfig): TaskConfig | null {
  const { name, skill, dataset, agent } = config
  if (config.traces || !name || !skill || !dataset || !agent) return null
  return { ...config, name, skill, dataset, agent }
}

/**
 * A field as its schema reads it, else without the keys the schema does not know (a setting of an older
 * version), else the schema's default (or nothing).
 */
function fieldOf(schema: z.ZodType, value: unknown, path?: string): unknown {
  const read = schema.safeParse(value)
  if (read.success) return read.data
  const known = path === undefined ? null : schema.safeParse(knownOnly(value, path))
  return known?.success ? known.data : schema.safeParse(undefined).data
}

/** `value` with only the keys the task config knows at `path` (TASK_KNOWN_KEYS), at every depth. */
function knownOnly(value: unknown, path: string): unknown {
  if (Array.isArray(value)) return value.map((v) => knownOnly(v, `${path}[]`))
  const keys = TASK_KNOWN_KEYS[path]
  if (!keys || !value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => keys.includes(k))
      .map(([k, v]) => [k, knownOnly(v, `${path}.${k}`)]),
  )
}

/** The stored config exactly as it was written, not read back: what the export document shows. */
export function storedConfigRecord(configJson: string): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = JSON.parse(configJson)
  } catch {
    return {}
  }
  return recordOf(parsed)
}

const recordOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
