// The judge's tokens and price of every judgement of a task (both judge tables share these columns): spend.
import type { TokenCounts } from '../../src-shared/agent-event'
import type { Sql } from './sql'

/** A judge table's token columns (every judge table has these five). */
export interface JudgeTokenColumns {
  judge_tokens_input: number
  judge_tokens_output: number
  judge_tokens_reasoning: number
  judge_tokens_cache_read: number
  judge_tokens_cache_write: number
}

/** A judge row's tokens as the app counts them. */
export function judgeTokensOf(r: JudgeTokenColumns): TokenCounts {
  return {
    input: r.judge_tokens_input,
    output: r.judge_tokens_output,
    reasoning: r.judge_tokens_reasoning,
    cacheRead: r.judge_tokens_cache_read,
    cacheWrite: r.judge_tokens_cache_write,
  }
}

/** `tokens` as a judge table's columns. */
export function judgeTokenColumns(t: TokenCounts): JudgeTokenColumns {
  return {
    judge_tokens_input: t.input,
    judge_tokens_output: t.output,
    judge_tokens_reasoning: t.reasoning,
    judge_tokens_cache_read: t.cacheRead,
    judge_tokens_cache_write: t.cacheWrite,
  }
}

export interface JudgeCost {
  tokens: TokenCounts
  costUsd: number | null
}

/** Every judgement of the task in `table`, re-judgements included, with only its spend columns. */
export function judgeCostsOf(
  sql: Sql,
  table: 'trajectory_eval_result' | 'pairwise_result',
  grayscaleTaskId: string,
): JudgeCost[] {
  const q = sql.qb
    .selectFrom(table)
    .select([
      'judge_tokens_input',
      'judge_tokens_output',
      'judge_tokens_reasoning',
      'judge_tokens_cache_read',
      'judge_tokens_cache_write',
      'judge_cost_usd',
    ])
    .where('grayscale_task_id', '=', grayscaleTaskId)
  // A copied judgement (baseline reuse) was paid for by the task it was copied from.
  const paid = table === 'trajectory_eval_result' ? q.where('reused_from_result_id', 'is', null) : q
  return sql.all(paid).map((r) => ({
    tokens: judgeTokensOf(r),
    costUsd: r.judge_cost_usd,
  }))
}
