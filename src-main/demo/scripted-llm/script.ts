// Decides the scripted answer (a tool call or a text) for a request, statelessly from its body.
import { isAbsolute, resolve } from 'node:path'
import { expectationsJudge, isExpectationsRequest } from './expectations-judge'
import type { ChatRequest } from './request'
import {
  STRUCTURED_OUTPUT_TOOL,
  allText,
  assistantCount,
  contentText,
  firstUserText,
  isLastTurn,
  listedSkills,
  numberMarker,
  systemText,
  workingDirectory,
} from './request'
import type { Fault, FixedStep, ScriptStep, ScriptedLlmOptions } from './types'

export type Reply =
  { type: 'tool'; tool: string; args: Record<string, unknown> } | { type: 'text'; text: string }

export const DEFAULT_ANSWER_FILE = 'answer.txt'
export const DEFAULT_FINAL_TEXT = 'Done: wrote answer.txt.'
export const TITLE_TEXT = 'Scripted session'

/** Whether the request lists the skill that selects the withSkill variant. */
export function isSkillListed(req: ChatRequest, skillName: string | undefined): boolean {
  const skills = listedSkills(req)
  return skillName === undefined ? skills.length > 0 : skills.includes(skillName)
}

/** The built-in default: [skill call,] write answer.txt, final text. */
function builtInScript(skill: string | undefined): { withSkill: ScriptStep[]; withoutSkill: ScriptStep[] } {
  const write: ScriptStep = {
    tool: 'write',
    args: { filePath: DEFAULT_ANSWER_FILE, content: 'scripted answer\n' },
  }
  const final: ScriptStep = { text: DEFAULT_FINAL_TEXT }
  const withSkill: ScriptStep[] = skill
    ? [{ tool: 'skill', args: { name: skill } }, write, final]
    : [write, final]
  return { withSkill, withoutSkill: [write, final] }
}

/** The steps for this request: first matching case, else defaultScript, else the built-in default. */
export function chooseSteps(req: ChatRequest, opts: ScriptedLlmOptions): ScriptStep[] {
  const listed = isSkillListed(req, opts.skillName)
  const user = firstUserText(req)
  const script =
    opts.cases?.find((c) => user.includes(c.match)) ??
    opts.defaultScript ??
    builtInScript(opts.skillName ?? listedSkills(req)[0])
  return listed ? script.withSkill : script.withoutSkill
}

/** Relative `filePath` arguments are resolved against the work dir announced in the system prompt. */
function absolutise(args: Record<string, unknown>, req: ChatRequest): Record<string, unknown> {
  const cwd = workingDirectory(req)
  const fp = args.filePath
  if (cwd === null || typeof fp !== 'string' || isAbsolute(fp)) return args
  return { ...args, filePath: resolve(cwd, fp) }
}

function lastText(steps: ScriptStep[]): string {
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]
    if (s && 'text' in s) return s.text
  }
  return 'Done.'
}

/** A computed step, decided from this request alone. */
function resolveStep(step: ScriptStep, req: ChatRequest): FixedStep {
  if (!('compute' in step)) return step
  const toolResults = req.messages.filter((m) => m.role === 'tool').map((m) => contentText(m.content))
  return step.compute({ system: systemText(req), toolResults, user: firstUserText(req) })
}

/** Step i (= assistant messages so far) of the chosen script; past the end, its last text. */
export function agentReply(req: ChatRequest, opts: ScriptedLlmOptions): Reply {
  const steps = chooseSteps(req, opts)
  // As a model that obeys opencode's last-turn instruction: text only.
  if (isLastTurn(req)) return { type: 'text', text: lastText(steps) }
  const chosen = steps[assistantCount(req)]
  if (chosen === undefined) return { type: 'text', text: lastText(steps) }
  const step = resolveStep(chosen, req)
  // A fault step is answered with the fault (scriptedFault): this text is never sent.
  if ('fault' in step) return { type: 'text', text: lastText(steps) }
  if ('text' in step) return { type: 'text', text: step.text }
  return { type: 'tool', tool: step.tool, args: absolutise(step.args, req) }
}

/** The fault the chosen script's current step asks for, if it is a `{ fault }` step. */
export function scriptedFault(req: ChatRequest, opts: ScriptedLlmOptions): Fault | null {
  const step = chooseSteps(req, opts)[assistantCount(req)]
  return step !== undefined && 'fault' in step ? step.fault : null
}

/**
 * The default judge: the first [[judge-score:N]] marker, as the JSON a judge prompt asks for; an expectations
 * judgement gets a verdict per expectation (expectations-judge.ts).
 */
export function defaultJudge(text: string): string {
  if (isExpectationsRequest(text)) return expectationsJudge(text)
  const score = numberMarker(text, 'judge-score')
  return score === null
    ? JSON.stringify({ score: 50, reason: 'scripted judge: no marker' })
    : JSON.stringify({ score, reason: 'scripted judge' })
}

/**
 * The judge text. When StructuredOutput is offered (first step only) and the text is a JSON object, the
 * answer is a call to that tool with the object as arguments.
 */
export function judgeReply(req: ChatRequest, opts: ScriptedLlmOptions): Reply {
  const text = (opts.judge ?? defaultJudge)(allText(req))
  if (!req.tools.includes(STRUCTURED_OUTPUT_TOOL) || assistantCount(req) > 0) return { type: 'text', text }
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return { type: 'tool', tool: STRUCTURED_OUTPUT_TOOL, args: value as Record<string, unknown> }
    }
  } catch {
    // not JSON: answer as text, as a model ignoring the schema would
  }
  return { type: 'text', text }
}

/** A judge answer that is neither JSON nor carries a score (for [[judge-fault:garbage]]). */
export const JUDGE_GARBAGE_TEXT = 'I would rather not grade this; it looks fine I guess.'
