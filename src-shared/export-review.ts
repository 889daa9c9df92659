// What `export --full` adds so a reviewer can check the scores: per run, the judge's (blinded) copy of its
// final output, trajectory summary and diff, each cut to a cap with the cut marked (README: "Reviewable shares").
import { z } from 'zod'

/** The most characters each text of a run keeps in a full export (a cut keeps the start and the end). */
export const REVIEW_CAPS = { finalOutput: 8_000, trajectory: 12_000, diff: 16_000 } as const

export const exportRunReviewSchema = z
  .looseObject({
    finalOutput: z.string().describe("the agent's final answer, as the judge saw it"),
    trajectory: z
      .string()
      .describe('the condensed trajectory the judge read: one line per message or tool call'),
    diff: z.string().describe('`git diff` of the work dir against the case, as the judge saw it'),
    truncated: z
      .looseObject({ finalOutput: z.boolean(), trajectory: z.boolean(), diff: z.boolean() })
      .describe('which texts were cut to their cap (the cut is marked in the text: "… [n chars cut] …")'),
  })
  .describe(
    'what the judge read of this run (blinded: nothing tells the sides apart); present only in full exports (`export --full`)',
  )

export const exportFullSchema = z
  .looseObject({
    caps: z
      .looseObject({ finalOutput: z.int(), trajectory: z.int(), diff: z.int() })
      .describe('the most characters each run keeps of each text'),
    blinded: z.boolean().describe('the texts are the blind judge copies (false: a case analysis, as stored)'),
  })
  .describe('present in full exports (`export --full`): every run carries `review`')

export type ExportRunReview = z.output<typeof exportRunReviewSchema>
export type ExportFull = z.output<typeof exportFullSchema>
