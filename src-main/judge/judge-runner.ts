// One attempt of one evaluator on one run (an LLM judge: a session with agent `judge`, no tools, on either
// transport (agent/session/session.ts); or a command), or of a pairwise evaluator on two runs: the same judge
// conversation, with a winner parsed instead of a score.
import { foldEvents } from '../agent/session/run-events'
import { DEFAULT_GRACE_MS } from '../agent/drivers/process-driver'
import { runSession } from '../agent/session/session'
import type { SessionResult } from '../agent/session/session-types'
import { outcomeOf } from '../agent/session/session-ending'
import { prepareSide, type SideContext } from '../agent/isolation/side-context'
import type { Limits } from '../agent/session/outcome-kind'
import { runCommandEvaluator } from './command-evaluator'
import { clip } from './condense'
import type { EvaluatorSpec } from './evaluators'
import { judgeFailure } from './judge-failure'
import { processPlace, serverPlace, type JudgePlace } from './judge-place'
import { ServerJudgePool } from './judge-server'
import { renderJudgePrompt, type JudgeAnswer } from './judge-prompt'
import type { Judge, JudgeAttempt, JudgeInput, JudgeOptions } from './judge-types'
import {
  expectationsAttempt,
  failedAttempt,
  scoreAttempt,
  toPairwise,
  winnerAttempt,
  type JudgeAnswerText,
} from './judge-answer'
import { checkedExpectations, renderExpectationsPrompt } from './expectations-prompt'
import { renderPairwisePrompt } from './pairwise-prompt'

// The judge's contract lives in judge-types.ts and command-evaluator.ts; callers may import it from here.
export type {
  Judge,
  JudgeAttempt,
  JudgeInput,
  JudgeOptions,
  PairwiseAttempt,
  PairwiseJudgeInput,
} from './judge-types'
export { runCommandEvaluator } from './command-evaluator'
export { failedAttempt } from './judge-answer'

export const DEFAULT_JUDGE_TIMEOUT_SEC = 300
export const DEFAULT_COMMAND_TIMEOUT_SEC = 600
/** A judge's answer is a short JSON object; anything longer is kept cut to this. */
const RAW_OUTPUT_CHARS = 64 * 1024

export function createJudge(opts: JudgeOptions): Judge {
  const timeoutSec = opts.timeoutSec ?? DEFAULT_JUDGE_TIMEOUT_SEC
  const idleTimeoutSec = opts.idleTimeoutSec ?? Math.min(timeoutSec, 120)
  let context: Promise<SideContext> | null = null
  // Prepared like a side without a skill (skills.paths empty), once per judge, on first use: binary,
  // version, the user's providers, credentials to redact.
  const prepared = (): Promise<SideContext> =>
    (context ??= prepareSide(
      {
        side: 'a',
        skill: null,
        skillUnderTest: '',
        model: opts.model,
        opencodeConfigPath: opts.opencodeConfigPath,
        runRoot: opts.runRoot,
        timeoutSec,
        idleTimeoutSec,
      },
      opts.env,
      opts.bin,
    ))
  const graceMs = opts.graceMs ?? DEFAULT_GRACE_MS
  let pool: ServerJudgePool | null = null
  /** One conversation with the judge (a process, or a session on the warm server of its answer kind). */
  const ask = async (request: JudgeRequest, signal: AbortSignal): Promise<JudgeAnswerText> => {
    const ctx = await prepared()
    const refused = refusal(ctx, request.evaluator, signal)
    if (refused) return { ok: false, attempt: refused }
    const started = Date.now()
    const placed =
      opts.driver === 'server'
        ? await serverPlace((pool ??= new ServerJudgePool(ctx, graceMs)), request.answer)
        : processPlace(ctx, `judge-${request.evaluator.id}`, request.answer)
    if ('failed' in placed) return { ok: false, attempt: failedAttempt(placed.failed, started) }
    return askJudge(placed.place, ctx, request, { signal, graceMs, started })
  }
  /** One judge call for every expectation of the case: a verdict on each, scored by the share passed. */
  const checkExpectations = async (
    evaluator: EvaluatorSpec,
    input: JudgeInput,
    signal: AbortSignal,
  ): Promise<JudgeAttempt> => {
    const expectations = checkedExpectations(input)
    if (!expectations.length)
      return failedAttempt(
        {
          error: `evaluator "${evaluator.id}" checks the case's expectations, and this case has none: add "expectations" to the case or use another evaluator`,
          retryable: false,
        },
        Date.now(),
      )
    const answer = await ask(
      { evaluator, answer: 'expectations', render: () => renderExpectationsPrompt(evaluator, input) },
      signal,
    )
    return answer.ok ? expectationsAttempt(answer, expectations) : answer.attempt
  }
  return {
    evaluate: async (evaluator, input, signal) => {
      if (evaluator.kind === 'command')
        return runCommandEvaluator(evaluator, input.workDir, signal, {
          timeoutSec: opts.commandTimeoutSec ?? DEFAULT_COMMAND_TIMEOUT_SEC,
          env: opts.env,
          runRoot: opts.runRoot,
          sandbox: opts.commandSandbox ?? null,
        })
      if (evaluator.kind === 'pairwise')
        return failedAttempt(
          {
            error: `evaluator "${evaluator.id}" is pairwise: it compares two runs, it cannot score one`,
            retryable: false,
          },
          Date.now(),
        )
      if (evaluator.kind === 'expectations') return checkExpectations(evaluator, input, signal)
      const answer = await ask(
        { evaluator, answer: evaluator.scale, render: () => renderJudgePrompt(evaluator, input) },
        signal,
      )
      return answer.ok ? scoreAttempt(answer, evaluator) : answer.attempt
    },
    compare: async (evaluator, input, signal) => {
      if (evaluator.kind !== 'pairwise')
        return toPairwise(
          failedAttempt(
            {
              error: `evaluator "${evaluator.id}" is not pairwise: it scores runs one by one`,
              retryable: false,
            },
            Date.now(),
          ),
        )
      const answer = await ask(
        { evaluator, answer: 'pairwise', render: () => renderPairwisePrompt(evaluator, input) },
        signal,
      )
      return answer.ok ? winnerAttempt(answer) : toPairwise(answer.attempt)
    },
    close: async () => {
      await pool?.close()
      pool = null
    },
  }
}

/** An attempt that cannot start: canceled, no opencode, or an evaluator without a prompt. */
function refusal(ctx: SideContext, evaluator: EvaluatorSpec, signal: AbortSignal): JudgeAttempt | null {
  const error = signal.aborted
    ? 'canceled'
    : ctx.setupError || !ctx.bin
      ? (ctx.setupError ?? 'opencode not found')
      : !evaluator.prompt
        ? `evaluator "${evaluator.id}" has no prompt`
        : null
  return error === null ? null : failedAttempt({ error, retryable: false }, Date.now())
}

/** What to ask the judge: the evaluator, what kind of answer it gives, and the user message. */
interface JudgeRequest {
  evaluator: EvaluatorSpec
  answer: JudgeAnswer
  /** The user message (unredacted; may throw, which fails the attempt). */
  render: () => string
}

/** One conversation with the judge in its place: the prompt rendered and redacted, the session, its answer. */
async function askJudge(
  place: JudgePlace,
  ctx: SideContext,
  request: JudgeRequest,
  run: { signal: AbortSignal; graceMs: number; started: number },
): Promise<JudgeAnswerText> {
  const { redact } = place.setup
  let condensedInput = ''
  try {
    // The run's own data may hold what the judge's env calls a secret: neither sent nor kept.
    condensedInput = redact(request.render())
    await place.prepare()
    const session = await runSession({
      agent: 'judge',
      model: ctx.spec.model,
      title: 'judge',
      prompt: condensedInput,
      timeoutSec: ctx.spec.timeoutSec,
      idleTimeoutSec: ctx.spec.idleTimeoutSec,
      graceMs: run.graceMs,
      signal: run.signal,
      setup: place.setup,
      transport: place.transport,
    })
    return toAnswer(session, ctx.spec, redact, condensedInput, run.started)
  } catch (err) {
    const error = redact(`skill-ab could not run the judge: ${(err as Error).message}`)
    return { ok: false, attempt: failedAttempt({ error, retryable: true, condensedInput }, run.started) }
  } finally {
    place.release()
  }
}

/** A finished judge session (process or server): its failure, or its final text to parse. */
function toAnswer(
  session: SessionResult,
  spec: Limits & { model: string },
  redact: (text: string) => string,
  condensedInput: string,
  started: number,
): JudgeAnswerText {
  const { ending: end, events } = session
  const folded = foldEvents(events, '')
  const { kind, message } = outcomeOf(end, folded, { ...spec, section: 'judge' })
  const common = {
    rawOutput: clip(redact(folded.finalOutput), RAW_OUTPUT_CHARS).text,
    condensedInput,
    tokens: folded.tokens,
    costUsd: folded.costUsd,
    sessionId: folded.sessionId,
  }
  if (kind !== 'ok') {
    const failure = judgeFailure({
      kind,
      message: message === null ? null : redact(message),
      events,
      stderrTail: redact(end.stderrTail),
      signal: end.signal,
      retryable: end.retryable,
      providerRetry: end.providerRetry,
      model: spec.model,
    })
    return { ok: false, attempt: failedAttempt({ ...common, ...failure }, started) }
  }
  return { ok: true, text: folded.finalOutput, common, started, redact }
}
