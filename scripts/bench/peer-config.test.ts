import { describe, expect, it } from 'vitest'
import { checkGrades, evalArgs, graderReply, peerConfig, RUBRIC_PROMPT, sessionProvider } from './peer-config'

const opts = {
  node: '/opt/node 22/bin/node',
  sessionScript: '/work/.tmp/bench-peer/peer-session.mjs',
  settingsFile: '/tmp/peer-x/peer-settings.json',
  skillName: 'pirate-speak',
  cases: [
    { id: 'greet', prompt: 'Greet a new crew member.' },
    { id: 'knot', prompt: 'Explain a bowline knot.' },
  ],
}

/** How promptfoo's exec provider splits its command line into the program and its arguments. */
function promptfooSplit(id: string): string[] {
  const parts: string[] = []
  const re = /[^\s"']+|"([^"]*)"|'([^']*)'/g
  const command = id.slice('exec:'.length)
  for (let m = re.exec(command); m; m = re.exec(command)) parts.push(m[1] ?? m[2] ?? m[0])
  return parts
}

function result(over: Record<string, unknown> = {}) {
  return {
    provider: { id: 'exec: x a', label: 'a: no skill' },
    vars: { prompt: 'Greet a new crew member.' },
    failureReason: 0,
    gradingResult: { componentResults: [{ score: 0.4, reason: 'ok', assertion: { type: 'llm-rubric' } }] },
    ...over,
  }
}

describe('the promptfoo peer config', () => {
  it('runs each side as one session of the bundled script, side b named as the one with the skill', () => {
    const config = peerConfig(opts) as { providers: { id: string; label: string }[] }
    expect(config.providers.map((p) => p.label)).toEqual(['a: no skill', 'b: pirate-speak'])
    expect(config.providers.map((p) => promptfooSplit(p.id))).toEqual([
      [opts.node, opts.sessionScript, opts.settingsFile, 'a'],
      [opts.node, opts.sessionScript, opts.settingsFile, 'b'],
    ])
  })

  it('grades every test with llm-rubric by the opencode judge session, the agent answer last', () => {
    const config = peerConfig(opts) as {
      defaultTest: { options: { provider: string; rubricPrompt: string }; assert: { type: string }[] }
    }
    expect(promptfooSplit(config.defaultTest.options.provider).at(-1)).toBe('judge')
    expect(config.defaultTest.assert.map((a) => a.type)).toEqual(['llm-rubric'])
    // The demo's judge reads the answer after this label: nothing of the rubric may follow it.
    expect(RUBRIC_PROMPT.endsWith('Final answer of the agent:\n{{output}}')).toBe(true)
  })

  it('turns each case into one test holding its prompt', () => {
    const config = peerConfig(opts) as { prompts: string[]; tests: unknown[] }
    expect(config.prompts).toEqual(['{{prompt}}'])
    expect(config.tests).toEqual([
      { description: 'greet', vars: { prompt: 'Greet a new crew member.' } },
      { description: 'knot', vars: { prompt: 'Explain a bowline knot.' } },
    ])
  })

  it('refuses a path promptfoo could not split back', () => {
    expect(() => sessionProvider({ ...opts, settingsFile: '/tmp/a"b.json' }, 'a')).toThrow(/double quote/)
  })

  it('runs the rounds as --repeat, cache off, at the given concurrency', () => {
    const args = evalArgs('/t/c.yaml', '/t/out.json', 3, 2)
    expect(args.join(' ')).toContain('--repeat 3')
    expect(args.join(' ')).toContain('--max-concurrency 2')
    expect(args).toContain('--no-cache')
    expect(args.join(' ')).toContain('--output /t/out.json')
  })
})

describe('the check of promptfoo results', () => {
  const output = (results: unknown[]) => ({ results: { results } })

  it('counts graded results, a failed assertion being a grade', () => {
    const failed = result({ failureReason: 1, error: '0 pirate words in the final answer' })
    expect(checkGrades(output([result(), failed]), 2)).toBe(2)
  })

  it('names a result promptfoo marked as an error', () => {
    const broken = result({ failureReason: 2, error: 'peer session: opencode exited 1' })
    expect(() => checkGrades(output([result(), broken]), 2)).toThrow(/result 1 .*opencode exited 1/)
  })

  it('names a result without an llm-rubric score', () => {
    const ungraded = result({ gradingResult: { componentResults: [] } })
    expect(() => checkGrades(output([ungraded]), 1)).toThrow(/result 0 .*no llm-rubric score/)
  })

  it('refuses fewer results than tests × sides × rounds', () => {
    expect(() => checkGrades(output([result()]), 2)).toThrow(/holds 1 results, expected 2/)
    expect(() => checkGrades({}, 2)).toThrow(/no results.results/)
  })
})

describe("the judge's reply to promptfoo's grader", () => {
  it('is a 0–1 score with pass at the pass mark', () => {
    expect(JSON.parse(graderReply(72, 'arr'))).toEqual({ pass: true, score: 0.72, reason: 'arr' })
    expect(JSON.parse(graderReply(30, 'plain')).pass).toBe(false)
  })
})
