// The warnings of a task being set up: the config's own, and a secret the runs see too short to be redacted.
import { describe, expect, it } from 'vitest'
import { loadTaskConfig } from '../inputs/load-config'
import { tempTree } from '../inputs/temp-files.fixture'
import { setupWarnings } from './setup-warnings'

const TASK = {
  name: 't',
  skill: { path: './skill' },
  dataset: { path: './cases.jsonl' },
  agent: { model: 'a/m1', opencodeConfig: './opencode.json' },
  judge: { model: 'b/m2' },
}

function loaded(opencodeConfig: string, task: object = TASK) {
  const dir = tempTree({
    'skill/SKILL.md': '---\nname: pirate-speak\ndescription: Talk like a pirate.\n---\n',
    'cases.jsonl': '{"id": "c1", "prompt": "p"}\n',
    'task.json': JSON.stringify(task),
    'opencode.json': opencodeConfig,
  })
  return (env: NodeJS.ProcessEnv) => {
    const config = loadTaskConfig(`${dir}/task.json`, { env })
    return setupWarnings(config, env)
  }
}

describe('setupWarnings', () => {
  it('warns that a value the opencode config references but shorter than 8 characters cannot be redacted', () => {
    const warnings = loaded('{"provider": {"corp": {"options": {"apiKey": "{env:MYCORP_PIN}"}}}}')
    expect(warnings({ MYCORP_PIN: '1234' })).toEqual([
      expect.stringMatching(
        /^the value of \{env:MYCORP_PIN\} \(read by the opencode config\) is 4 characters long, too short to be redacted safely/,
      ),
    ])
    expect(warnings({ MYCORP_PIN: '12345678' })).toEqual([])
  })

  it("keeps the config's own warnings first", () => {
    const warnings = loaded('{"provider": {"corp": {"options": {"apiKey": "{env:MYCORP_PIN}"}}}}', {
      ...TASK,
      judge: {},
    })
    const said = warnings({ MYCORP_PIN: '1234' })
    expect(said).toHaveLength(2)
    expect(said[0]).toMatch(/^judge\.model: the judge uses the agent's own model/)
    expect(said[1]).toMatch(/too short to be redacted safely/)
  })
})
