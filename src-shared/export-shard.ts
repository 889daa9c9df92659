// The export's `shard` (README "CI reports"): which slice of the task a `run --shard i/n` ran, and what
// `skill-ab merge` checks so that only shards of one task are merged.
import { z } from 'zod'
import { count, nonNegative } from './export-zod'

const modelPrices = z.looseObject({
  input: nonNegative,
  output: nonNegative,
  cacheRead: nonNegative,
  cacheWrite: nonNegative,
})

export const exportShardSchema = z
  .looseObject({
    index: z.int().min(0).describe('i of i/n; 0 in the export `skill-ab merge` writes'),
    count: z.int().min(1).describe('n of i/n'),
    cases: z.array(z.string()).describe("this shard's cases: every n-th case of the task, from the i-th"),
    taskCases: z.array(z.string()).describe("the whole task's cases in dataset order (every shard's)"),
    configHash: z
      .string()
      .describe(
        'sha256 of the task config as loaded (defaults filled in), before the shard picked its cases',
      ),
    casesHash: z.string().describe("sha256 of the content hashes of the whole task's cases"),
    evaluators: z.array(z.string()).describe("the task's evaluator ids"),
    rounds: count.describe('repeatRounds'),
    prices: z
      .looseObject({ agent: modelPrices.nullable(), judge: modelPrices.nullable() })
      .describe("the prices the shard ran with (the decision prices tokens with the agent model's)"),
  })
  .describe(
    'present when the export is one shard of a task (`run --shard i/n`), or a merge of shards (then index 0)',
  )

export type ExportShard = z.output<typeof exportShardSchema>
