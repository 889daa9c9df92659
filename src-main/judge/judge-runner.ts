// One attempt of one evaluator on one run: an LLM judge (`opencode run --agent judge`, no tools) or a command.
import { join } from 'node:path'
import { foldEvents, zeroTokens } from '../agent/events'
import { removePrivateDirs } from '../agent/isolation'
import { classify } from '../agent/outcome'
import { DEFAULT_GRACE_MS } from '../agent/process-driver'
import { redactEvent } from '../agent/redact'
import { runProcess } from '../agent/run-process'
import { prepareSide, setupProcess, type SideContext } from '../agent/side-context'
import type { AgentEvent, OutcomeKind } from '../agent/types'
import { prepareWorkDir } from '../agent/workdir'
import { runCommandEvaluator } from './command-evaluator'
import { clip } from './condense'
import type { EvaluatorSpec } from './evaluators'
import { judgeFailure } from './judge-failure'
import { judgeOn, ServerJudgePool } from './judge-server'
import { judgeConfigOverrides, renderJudgePrompt } from './judge-prompt'
import type { Judge, JudgeAttempt, JudgeInput, JudgeOptions } from './judge-types'
import { parseJudgeOutput } from './parse-output'

// The judge's contract lives in judge-types.ts and command-evaluator.ts; callers may import it from here.
export type { Judge, JudgeAttempt, JudgeInput, JudgeOptions } from './judge-types'
export { runCommandEvaluator } from './command-evaluator'

export const DEFAULT_JUDGE_TIMEOUT_SEC = 300
/** A judge's answer is a short JSON object; anything longer is kept cut to this. */
const RAW_OUTPUT_CHARS = 64 * 1024

/** An attempt that ended before (or without) a judge process: no tokens, no session. */
export function failedAttempt(
  fields: Pick<JudgeAttempt, 'error' | 'retryable'> & Partial<JudgeAttempt>,
  startedMs: number,
): JudgeAttempt {
  return {
    status: 'failed',
    score: null,
    reason: '',
    rawOutput: '',
    parseStrategy: null,
    condensedInput: '',
    tokens: zeroTokens(),
    costUsd: null,
    sessionId: null,
    durationMs: Date.now() - startedMs,
    ...fields,
  }
}

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
  return {
    evaluate: async (evaluator, input, signal) => {
      if (evaluator.kind === 'command')
        return runCommandEvaluator(evaluator, input.workDir, signal, timeoutSec)
      const ctx = await prepared()
      const refused = refusal(ctx, evaluator, signal)
      if (refused) return refused
      if (opts.driver !== 'server') return judgeOnce(ctx, evaluator, input, signal, graceMs)
      pool ??= new ServerJudgePool(ctx, graceMs)
      return judgeServed(pool, ctx, evaluator, input, signal, graceMs)
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

async function judgeOnce(
  ctx: SideContext,
  evaluator: EvaluatorSpec,
  input: JudgeInput,
  signal: AbortSignal,
  graceMs: number,
): Promise<JudgeAttempt> {
  const started = Date.now()
  const bin = ctx.bin?.path ?? 'opencode' // present: refusal() checked it
  let setup
  try {
    setup = setupProcess(ctx, `judge-${evaluator.id}`, judgeConfigOverrides(ctx.spec.model, evaluator.scale))
  } catch (err) {
    const error = `could not prepare the judge's private dirs under ${ctx.spec.runRoot}: ${(err as Error).message}`
    return failedAttempt({ error, retryable: true }, started)
  }
  let condensedInput = ''
  try {
    // The run's own data may hold what the judge's env calls a secret: neither sent nor kept.
    condensedInput = setup.redact(renderJudgePrompt(evaluator, input))
    // An empty git repo of its own: opencode looks for skills, config and AGENTS.md no higher than this.
    const cwd = join(setup.prepared.dirs.root, 'work')
    await prepareWorkDir(cwd, {}, ctx.parentEnv.PATH)
    const events: AgentEvent[] = []
    const res = await runProcess({
      bin,
      args: [
        'run',
        '--format',
        'json',
        '--agent=judge',
        `--model=${ctx.spec.model}`,
        '--title=judge',
        '--print-logs',
      ],
      cwd,
      env: setup.env,
      stdin: condensedInput,
      timeoutMs: ctx.spec.timeoutSec * 1000,
      idleTimeoutMs: ctx.spec.idleTimeoutSec * 1000,
      graceMs,
      signal,
      marker: setup.marker,
      onEvent: (event) => events.push(redactEvent(event, setup.secrets, setup.redact)),
    })
    const { kind, message } = classify(res, foldEvents(events, ''), ctx.spec, bin)
    return toAttempt(
      { kind, message, events, stderrTail: res.stderrTail, signal: res.signal },
      evaluator,
      ctx.spec.model,
      setup.redact,
      condensedInput,
      started,
    )
  } catch (err) {
    const error = setup.redact(`skill-ab could not run the judge: ${(err as Error).message}`)
    return failedAttempt({ error, retryable: true, condensedInput }, started)
  } finally {
    removePrivateDirs(setup.prepared.dirs)
  }
}

/** A finished judge (process or server session) as an attempt: its failure, or its parsed score. */
function toAttempt(
  f: {
    kind: OutcomeKind
    message: string | null
    events: AgentEvent[]
    stderrTail: string
    signal: string | null
  },
  evaluator: EvaluatorSpec,
  model: string,
  redact: (text: string) => string,
  condensedInput: string,
  started: number,
): JudgeAttempt {
  const folded = foldEvents(f.events, '')
  const common = {
    rawOutput: clip(redact(folded.finalOutput), RAW_OUTPUT_CHARS).text,
    condensedInput,
    tokens: folded.tokens,
    costUsd: folded.costUsd,
    sessionId: folded.sessionId,
  }
  if (f.kind !== 'ok') {
    const failure = judgeFailure({
      kind: f.kind,
      message: f.message === null ? null : redact(f.message),
      events: f.events,
      stderrTail: redact(f.stderrTail),
      signal: f.signal,
      model,
    })
    return failedAttempt({ ...common, ...failure }, started)
  }
  const parsed = parseJudgeOutput(folded.finalOutput, evaluator.scale)
  if (!parsed.ok)
    return failedAttempt(
      { ...common, retryable: true, error: `unparseable judge output: ${parsed.error}` },
      started,
    )
  return {
    ...common,
    status: 'done',
    score: parsed.score,
    reason: redact(parsed.reason),
    parseStrategy: parsed.strategy,
    retryable: false,
    error: null,
    durationMs: Date.now() - started,
  }
}

/** One attempt on the judge server of the evaluator's scale (agent.driver "server"). */
async function judgeServed(
  pool: ServerJudgePool,
  ctx: SideContext,
  evaluator: EvaluatorSpec,
  input: JudgeInput,
  signal: AbortSignal,
  graceMs: number,
): Promise<JudgeAttempt> {
  const started = Date.now()
  let server
  try {
    server = await pool.server(evaluator.scale)
  } catch (err) {
    const error = `could not start opencode serve for the judge: ${(err as Error).message}`
    return failedAttempt({ error, retryable: false }, started)
  }
  const redact = server.setup.redact
  const condensedInput = redact(renderJudgePrompt(evaluator, input))
  const served = await judgeOn(server, ctx, condensedInput, signal, graceMs)
  return toAttempt({ ...served, signal: null }, evaluator, ctx.spec.model, redact, condensedInput, started)
}
