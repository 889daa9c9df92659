// The scripted agent of trigger probes: it chooses a skill from the descriptions opencode lists, as a model would.
import type { FixedStep, ScriptStep, StepContext } from './scripted-llm'

/**
 * Loads the first listed skill whose description names the query's [[topic:X]]; answers without a skill when
 * none does. With [[look-first]] it lists files first; with [[read:/path]] it reads that file first; with
 * [[wander]] it lists files at every turn.
 */
export function probeStep(ctx: StepContext): FixedStep {
  const turn = ctx.toolResults.length
  if (ctx.user.includes('[[wander]]')) return { tool: 'glob', args: { pattern: `**/*${turn}` } }
  if (ctx.user.includes('[[look-first]]') && turn === 0) return { tool: 'glob', args: { pattern: '*' } }
  const peek = /\[\[read:([^\]]+)\]\]/.exec(ctx.user)?.[1]
  if (peek && turn === 0) return { tool: 'read', args: { filePath: peek } }
  const topic = /\[\[topic:(\w+)\]\]/.exec(ctx.user)?.[1]
  const listed = [...ctx.system.matchAll(/<name>([^<]+)<\/name>\s*<description>([^<]*)<\/description>/g)]
  const hit = listed.find(
    ([, name, d]) => name !== 'customize-opencode' && topic && d?.toLowerCase().includes(topic),
  )
  return hit ? { tool: 'skill', args: { name: hit[1] as string } } : { text: 'Answered without a skill.' }
}

/** A script of probe steps for every request (a probe never takes more than a few). */
export const PROBE_SCRIPT: { withSkill: ScriptStep[]; withoutSkill: ScriptStep[] } = {
  withSkill: Array.from({ length: 12 }, () => ({ compute: probeStep })),
  withoutSkill: Array.from({ length: 12 }, () => ({ compute: probeStep })),
}
