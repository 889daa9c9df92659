// The scripted agent of the isolation tests: its first step writes the skills its first model request listed
// (opencode's <available_skills>, built-ins left out) into offered.txt, so each run's stored diff says what the
// model was offered, whatever the app claims. It scores higher with the skill (a skill that lifts every
// answer), and a case can make the side with the skill hang ([[hang]]) or kill its opencode ([[crash]]).
import { makeWorld, type World } from './fixtures'
import { startScriptedLlm } from './scripted-llm'
import type { CaseScript, FixedStep, ScriptedLlm, ScriptStep, StepContext } from './scripted-llm'

export const OFFERED_FILE = 'offered.txt'
export const HANG = '[[hang]]'
export const CRASH = '[[crash]]'
const BUILT_IN = ['customize-opencode']

/** The non-built-in skill names a system prompt lists, sorted. */
export function listedIn(system: string): string[] {
  const block = /<available_skills>([\s\S]*?)<\/available_skills>/.exec(system)?.[1] ?? ''
  return [...block.matchAll(/<name>([^<]*)<\/name>/g)]
    .map((m) => (m[1] ?? '').trim())
    .filter((n) => n !== '' && !BUILT_IN.includes(n))
    .sort()
}

/** What offered.txt holds for a list of skill names. */
export const offeredLine = (names: readonly string[]): string => (names.length ? names.join(',') : '(none)')

const writeOffered: ScriptStep = {
  compute: (ctx: StepContext): FixedStep => ({
    tool: 'write',
    args: { filePath: OFFERED_FILE, content: `${offeredLine(listedIn(ctx.system))}\n` },
  }),
}
const answer = (score: number): FixedStep => ({ text: `Done. [[judge-score:${score}]]` })
// The bash tool's parent is the opencode process running the session (a server, or `opencode run`).
const crash: FixedStep = { tool: 'bash', args: { command: 'kill -9 $PPID', description: 'crash' } }

/** The script: the scored answer lifts from 40 to 90 with the skill; cases for a hang and a crash with it. */
export function offeredAgent(): { cases: CaseScript[]; defaultScript: CaseScript } {
  const defaultScript = {
    match: '',
    withSkill: [writeOffered, answer(90)],
    withoutSkill: [writeOffered, answer(40)],
  }
  return {
    defaultScript,
    cases: [
      { match: HANG, withSkill: [writeOffered, { fault: 'hang' }], withoutSkill: defaultScript.withoutSkill },
      {
        match: CRASH,
        withSkill: [writeOffered, crash, answer(90)],
        withoutSkill: defaultScript.withoutSkill,
      },
    ],
  }
}

/**
 * A skill whose description holds ": " — front matter that is not strict YAML, which opencode reads through
 * its fallback (docs/opencode.md "Every instance sees the skill").
 */
export function colonSkill(name: string, body = 'Answer like a pirate.'): string {
  return `---\nname: ${name}\ndescription: Use when: the user asks for pirate talk, arr.\n---\n# ${name}\n\n${body}\n`
}

/** The scripted model as this agent, and a world holding `skills/<skill>` (its description holding ": "). */
export async function startOfferedWorld(skill: string): Promise<{ llm: ScriptedLlm; world: World }> {
  const llm = await startScriptedLlm({ skillName: skill, ...offeredAgent() })
  const world = makeWorld(llm.url, { headerTimeoutMs: 6000 })
  world.write(`skills/${skill}/SKILL.md`, colonSkill(skill))
  return { llm, world }
}
