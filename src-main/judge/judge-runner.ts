// One attempt of one evaluator on one run (an LLM judge: `opencode run --agent judge`, no tools; or a command),
// or of a pairwise evaluator on two runs: the same judge conversation, with a winner parsed instead of a score.
import { join } from 'node:path'
import { foldEvents } from '../agent/events'
import { removePrivateDirs } from '../agent/isolation'
import { DEFAULT_GRACE_MS } from '../agent/process-driver'
import { prepareSide, setupProcess, type SideContext } from '../agent/side-context'
import { outcomeOf, type SessionEnding } from '../agent/session-ending'
import { runProcessSession } from '../agent/process-session'
import { runServerSession } from '../agent/server-session'
import type { AgentEvent } from '../agent/types'
import type { Limits } from '../agent/outcome'
import { prepareWorkDir } from '../agent/workdir'
import { runCommandEvaluator } from './command-evaluator'
import { clip } from './condense'
import type { EvaluatorSpec } from './evaluators'
import { judgeFailure } from './judge-failure'
import { JUDGE_PERMISSIONS, ServerJudgePool } from './judge-server'
import { judgeConfigOverrides, renderJudgePrompt, type JudgeAnswer } from './judge-prompt'
import type { Judge, JudgeAttempt, JudgeOptions } from './judge-types'
import { failedAttempt, scoreAttempt, toPairwise, winnerAttempt, type JudgeAnswerText } from './judge-answer'
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
    if (opts.driver !== 'server') return askProcess(ctx, request, signal, graceMs)
    pool ??= new ServerJudgePool(ctx, graceMs)
    return askServer(pool, ctx, request, signal, graceMs)
  }
  return {
    evaluate: async (evaluator, input, signal) => {
      if (evaluator.kind === 'command')
        return runCommandEvaluator(evaluator, input.workDir, signal, {
          timeoutSec: opts.commandTimeoutSec ?? DEFAULT_COMMAND_TIMEOUT_SEC,
          env: opts.env,
          runRoot: opts.runRoot,
        })
      if (evaluator.kind === 'pairwise')
        return failedAttempt(
          {
            error: `evaluator "${evaluator.id}" is pairwise: it compares two runs, it cannot score one`,
            retryable: false,
          },
          Date.now(),
        )
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

async function askProcess(
  ctx: SideContext,
  request: JudgeRequest,
  signal: AbortSignal,
  graceMs: number,
): Promise<JudgeAnswerText> {
  const started = Date.now()
  const bin = ctx.bin?.path ?? 'opencode' // present: refusal() checked it
  let setup
  try {
    setup = setupProcess(
      ctx,
      `judge-${request.evaluator.id}`,
      judgeConfigOverrides(ctx.spec.model, request.answer),
    )
  } catch (err) {
    const error = `could not prepare the judge's private dirs under ${ctx.spec.runRoot}: ${(err as Error).message}`
    return { ok: false, attempt: failedAttempt({ error, retryable: true }, started) }
  }
  let condensedInput = ''
  try {
    // The run's own data may hold what the judge's env calls a secret: neither sent nor kept.
    condensedInput = setup.redact(request.render())
    // An empty git repo of its own: opencode looks for skills, config and AGENTS.md no higher than this.
    const cwd = join(setup.prepared.dirs.root, 'work')
    await prepareWorkDir(cwd, {}, ctx.parentEnv.PATH)
    const session = await runProcessSession({
      bin,
      agent: 'judge',
      model: ctx.spec.model,
      title: 'judge',
      prompt: condensedInput,
      cwd,
      setup,
      timeoutSec: ctx.spec.timeoutSec,
      idleTimeoutSec: ctx.spec.idleTimeoutSec,
      graceMs,
      signal,
    })
    return toAnswer(session.ending, session.events, ctx.spec, setup.redact, condensedInput, started)
  } catch (err) {
    const error = setup.redact(`skill-ab could not run the judge: ${(err as Error).message}`)
    return { ok: false, attempt: failedAttempt({ error, retryable: true, condensedInput }, started) }
  } finally {
    removePrivateDirs(setup.prepared.dirs)
  }
}

/** A finished judge (process or server session): its failure, or its final text to parse. */
function toAnswer(
  end: SessionEnding,
  events: AgentEvent[],
  spec: Limits & { model: string },
  redact: (text: string) => string,
  condensedInput: string,
  started: number,
): JudgeAnswerText {
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

/** One conversation on the judge server of the request's answer kind (agent.driver "server"). */
async function askServer(
  pool: ServerJudgePool,
  ctx: SideContext,
  request: JudgeRequest,
  signal: AbortSignal,
  graceMs: number,
): Promise<JudgeAnswerText> {
  const started = Date.now()
  let server
  try {
    server = await pool.server(request.answer)
  } catch (err) {
    const error = `could not start opencode serve for the judge: ${(err as Error).message}`
    return { ok: false, attempt: failedAttempt({ error, retryable: false }, started) }
  }
  const redact = server.setup.redact
  let condensedInput: string
  try {
    condensedInput = redact(request.render())
  } catch (err) {
    const error = redact(`skill-ab could not run the judge: ${(err as Error).message}`)
    return { ok: false, attempt: failedAttempt({ error, retryable: true }, started) }
  }
  const session = await runServerSession({
    serve: server.serve,
    client: server.client,
    setup: server.setup,
    dir: server.dir,
    agent: 'judge',
    model: ctx.spec.model,
    title: 'judge',
    prompt: condensedInput,
    permission: JUDGE_PERMISSIONS,
    timeoutSec: ctx.spec.timeoutSec,
    idleTimeoutSec: ctx.spec.idleTimeoutSec,
    graceMs,
    signal,
    what: 'judgement',
  })
  return toAnswer(session.ending, session.events, ctx.spec, redact, condensedInput, started)
}
