// The export schema's building blocks, shared by its parts (export.ts, export-decision.ts).
import { z } from 'zod'

// Every object is loose: the design lets later versions add fields freely, so validators must not refuse them.
export const num = z.number()
export const nullableNum = z.number().nullable()
export const count = z.int().min(0)
export const verdict = z.enum(['pass', 'reject', 'inconclusive'])
/** A score on 0–100 (a run's row score, a judge's, a correction's, a case side's mean). */
export const score = z.number().min(0).max(100)
export const nullableScore = score.nullable()
/** Dollars, milliseconds: never below 0. */
export const nonNegative = z.number().min(0)
