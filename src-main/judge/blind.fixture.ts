// Test builders for blind judging: a skill the judge must not see (its name, its text, its snapshot dir)
// and the completed tool calls of a run that used it.
import type { AgentEvent } from '../agent/types'
import type { BlindSpec } from './blind'

/** Where the blinded skill's snapshot lives (what its skill call names as the base directory). */
export const SKILL_DIR = '/data/skills/tidy-notes/abc/tidy-notes'

export const BLIND: BlindSpec = {
  skills: [{ name: 'tidy-notes', text: 'Group every action item under a heading called Next Steps first.' }],
  snapshotDirs: [SKILL_DIR],
}

/** A completed tool call as opencode reports it. */
export const toolUse = (name: string, input: unknown, output: string): AgentEvent => ({
  type: 'tool_use',
  part: { tool: name, state: { status: 'completed', input, output } },
})
