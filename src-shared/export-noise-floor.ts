// The export's top-level `noiseFloor` (README "A/A calibration"): the floor of the latest calibration of the
// task's dataset, agent model and baseline, decided under the task's policy.
import { z } from 'zod'
import { count, nullableNum, num } from './export-zod'

export const exportNoiseFloorSchema = z
  .looseObject({
    calibrationTaskId: z.string(),
    calibrationName: z.string(),
    finished: z.boolean().describe('false: the calibration still has runs to execute or judge'),
    floor: z.looseObject({
      cases: count.describe('cases with an A/A difference in the fixed split (rounds 1..R vs R+1..2R)'),
      rounds: count.describe('R, rounds per arm'),
      sd: nullableNum.describe('sd of the per-case A/A differences, points: the noise floor'),
      mean: nullableNum,
      ciLow: nullableNum,
      ciHigh: nullableNum,
      splits: count.describe("random splits of each case's 2R rounds into two arms of R (seeded)"),
      calls: z.looseObject({ pass: count, reject: count, inconclusive: count }),
      falsePassRate: num.describe("calls.pass / splits: how often the task's policy passes an A/A split"),
      alpha: num,
    }),
  })
  .describe('the noise floor this task is shown beside')
