// Task config loading: defaults, path resolution, and a message per problem naming the field and the fix.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadTaskConfig, parseTaskConfig } from './load-config'
import { inputError, shown, tempTree } from './temp-files.fixture'

const SKILL = '---\nname: pirate-speak\ndescription: Talk like a pirate.\n---\n'
const MINIMAL = {
  name: 't',
  skill: { path: './skill' },
  dataset: { path: './cases.jsonl' },
  agent: { model: 'a/m1' },
}

function project(config: unknown, extra: Record<string, string> = {}) {
  const dir = tempTree({
    'skill/SKILL.md': SKILL,
    'cases.jsonl': '{"id": "c1", "prompt": "p"}\n',
    'task.json': typeof config === 'string' ? config : JSON.stringify(config, null, 2),
    ...extra,
  })
  return { dir, file: join(dir, 'task.json') }
}

describe('loadTaskConfig', () => {
  it('fills in the config defaults and resolves paths against the config folder', () => {
    const { dir, file } = project(MINIMAL)
    const { config, configDir, resolved, warnings } = loadTaskConfig(file, { env: {} })
    expect(configDir).toBe(dir)
    expect(resolved).toEqual({
      skillPath: join(dir, 'skill'),
      skill: { kind: 'folder', dir: join(dir, 'skill') },
      datasetPath: join(dir, 'cases.jsonl'),
    })
    expect(config).toEqual({
      ...MINIMAL,
      baseline: { kind: 'none' },
      repeatRounds: 3,
      agent: {
        model: 'a/m1',
        driver: 'server',
        timeoutSec: 600,
        idleTimeoutSec: 120,
        concurrency: 2,
        sandbox: 'auto',
      },
      judge: { concurrency: 3, retries: 2 },
      evaluators: [{ id: 'preset-agent-task-completion', weight: 1 }],
      policy: {
        minLift: 5,
        costBudget: 0.2,
        costMetric: 'tokens',
        stabilityTolerance: 10,
        passThreshold: 50,
        alpha: 0.05,
        failedRunScore: 0,
        failureTolerance: 0.1,
        minTriggerRate: 0.5,
        primary: 'pointwise',
      },
      reuseBaseline: true,
    })
    expect(Object.isFrozen(config.agent)).toBe(true)
    expect(warnings).toEqual([
      expect.stringMatching(/^judge\.model: the judge uses the agent's own model \(a\/m1\)/),
    ])
  })

  it('accepts the full example shape, a skill baseline and an opencode config', () => {
    const { dir, file } = project(
      {
        ...MINIMAL,
        baseline: { kind: 'skill', path: 'old', label: 'v1' },
        cases: ['c1', 2],
        agent: { model: 'a/m1', opencodeConfig: './opencode.json', driver: 'server' },
        judge: { model: 'b/m2' },
        evaluators: [
          { id: 'preset-agent-task-completion' },
          { id: 'tests-pass', kind: 'command', command: 'npm test' },
          { id: 'tone', kind: 'llm', prompt: '{{final_output}}', scale: 10, weight: 0.5 },
        ],
      },
      { 'old/SKILL.md': SKILL, 'opencode.json': '{}' },
    )
    const { config, resolved, warnings } = loadTaskConfig(file, { env: { OPENCODE_CONFIG: '/ignored' } })
    expect(config.cases).toEqual(['c1', '2'])
    expect(config.evaluators[2]).toEqual({
      id: 'tone',
      kind: 'llm',
      prompt: '{{final_output}}',
      scale: 10,
      weight: 0.5,
    })
    expect(resolved).toEqual({
      skillPath: join(dir, 'skill'),
      skill: { kind: 'folder', dir: join(dir, 'skill') },
      baselinePath: join(dir, 'old'),
      baseline: { kind: 'folder', dir: join(dir, 'old') },
      datasetPath: join(dir, 'cases.jsonl'),
      opencodeConfigPath: join(dir, 'opencode.json'),
    })
    expect(warnings).toEqual([])
  })

  it('takes OPENCODE_CONFIG from the environment when the config names none, and checks it', () => {
    const { dir, file } = project(MINIMAL, { 'oc.json': '{}' })
    expect(
      loadTaskConfig(file, { env: { OPENCODE_CONFIG: join(dir, 'oc.json') } }).resolved.opencodeConfigPath,
    ).toBe(join(dir, 'oc.json'))
    const err = inputError(() => loadTaskConfig(file, { env: { OPENCODE_CONFIG: join(dir, 'none.json') } }))
    expect(err.field).toBe('OPENCODE_CONFIG')
    expect(err.message).toMatch(/OPENCODE_CONFIG: file not found: .*none\.json: fix the path/)
  })

  it('lists every problem of a config at once', () => {
    const { dir, file } = project({
      name: '',
      skill: { path: './skill', lable: 'v2' },
      dataset: {},
      agent: { model: 'm', concurrency: 0 },
      repeat_rounds: 2,
      evaluators: [
        { id: 'tone', kind: 'llm' },
        { id: 'x', kind: 'python' },
      ],
      policy: { alpha: 1, costMetric: 'euros' },
    })
    const err = shown(
      inputError(() => loadTaskConfig(file)),
      dir,
    )
    expect(err.problems).toEqual([
      'task.json: name: must not be empty',
      'task.json: unknown key "skill.lable": did you mean "label"? (known here: path, git, label)',
      'task.json: dataset.path is required: add it',
      'task.json: agent.model: "m" has no provider: write "provider/model" as opencode names it, e.g. "anthropic/claude-sonnet-4"',
      'task.json: agent.concurrency: must be a whole number from 1 to 64 (got 0)',
      'task.json: evaluators[0].prompt is required: add it',
      'task.json: evaluators[1].kind: unknown kind "python": leave "kind" out for a preset, or give "kind": "llm" with "prompt", "kind": "command" with "command", "kind": "pairwise" with "prompt", or "kind": "expectations"',
      'task.json: policy.costMetric: must be "tokens", "usd" or "time" (got "euros")',
      'task.json: policy.alpha: must be a number above 0 to below 1 (got 1)',
      'task.json: unknown key "repeat_rounds": did you mean "repeatRounds"? (known here: name, skill, baseline, dataset, cases, repeatRounds, adaptiveRounds, agent, judge, evaluators, policy, reuseBaseline, budget)',
    ])
  })

  it('refuses duplicate evaluator ids and inline evaluators named like a preset', () => {
    const { file } = project({
      ...MINIMAL,
      evaluators: [
        { id: 'x', kind: 'command', command: 'true' },
        { id: 'x', kind: 'command', command: 'false' },
        { id: 'preset-agent-trace-quality', kind: 'llm', prompt: 'p' },
      ],
    })
    const err = inputError(() => loadTaskConfig(file))
    expect(err.problems.map((p) => p.replace(/^.*task\.json: /, ''))).toEqual([
      'evaluators[2].id: "preset-agent-trace-quality" is a preset\'s id: give your evaluator another id',
      'evaluators[1].id: duplicate evaluator id "x": list each once',
    ])
  })

  it('says when a key belongs to another kind', () => {
    const { file } = project({
      ...MINIMAL,
      baseline: { kind: 'none', path: './skill' },
      evaluators: [{ id: 'preset-agent-trace-quality', prompt: 'p' }],
    })
    const err = inputError(() => loadTaskConfig(file))
    expect(err.problems.map((p) => p.replace(/^.*task\.json: /, ''))).toEqual([
      'unknown key "baseline.path": remove it: "path" goes with another "kind"',
      'unknown key "evaluators[0].prompt": remove it: "prompt" goes with another "kind"',
    ])
  })

  it('names the missing and mistyped paths, saying what they resolve against', () => {
    const { file } = project({
      ...MINIMAL,
      skill: { path: './cases.jsonl' },
      dataset: { path: 'skill' },
      baseline: { kind: 'skill', path: 'gone' },
    })
    const err = inputError(() => loadTaskConfig(file))
    expect(err.problems).toEqual([
      expect.stringMatching(
        /skill\.path: is a file, not a folder: .*cases\.jsonl: fix the path \("\.\/cases\.jsonl" is resolved against the config file's folder /,
      ),
      expect.stringMatching(/dataset\.path: is a folder, not a file: /),
      expect.stringMatching(/baseline\.path: folder not found: .*gone: fix the path/),
    ])
  })

  it('refuses a missing config file, a folder, and JSON with comments', () => {
    const { dir } = project('{\n  // a comment\n  "name": "t"\n}')
    expect(inputError(() => loadTaskConfig(join(dir, 'nope.json'))).message).toMatch(
      /nope\.json: config file not found: check the path/,
    )
    expect(inputError(() => loadTaskConfig(dir)).fix).toBe(
      'give the path of the config file itself (a regular file)',
    )
    const err = shown(
      inputError(() => loadTaskConfig(join(dir, 'task.json'))),
      dir,
    )
    expect(err.message).toMatch(
      /^task\.json line 2, column 3: malformed JSON \(.*\): fix the JSON syntax \(a config is plain JSON: no comments/,
    )
  })
})

describe('loadTaskConfig: the opencode config', () => {
  it('refuses a malformed opencode config with its position, before any run', () => {
    const { file } = project(
      { ...MINIMAL, agent: { ...MINIMAL.agent, opencodeConfig: './oc.json' } },
      { 'oc.json': '{\n  "provider": { "p": {} },,\n}' },
    )
    expect(inputError(() => loadTaskConfig(file, { env: {} })).message).toMatch(
      /oc\.json line 2, column 27: malformed opencode config \(.*','.*\): fix the opencode config/,
    )
  })

  it('refuses a FIFO given as OPENCODE_CONFIG without opening it for reading', () => {
    const { dir, file } = project(MINIMAL)
    const fifo = join(dir, 'oc.fifo')
    execFileSync('mkfifo', [fifo])
    expect(inputError(() => loadTaskConfig(file, { env: { OPENCODE_CONFIG: fifo } })).message).toMatch(
      /OPENCODE_CONFIG: is a FIFO \(named pipe\), not a file/,
    )
  })
})

describe('parseTaskConfig: the task name', () => {
  const rows: [string, string, RegExp | null][] = [
    ['a name of 200 characters', 'é'.repeat(200), null],
    ['an emoji name', 'pirate 🏴‍☠️ v2', null],
    ['a name over 200 characters', 'x'.repeat(201), /^name: is 201 characters long: use at most 200$/],
    ['a NUL in the name', 'a\u0000b', /^name: character 2 is not printable \(U\+0000\)/],
    ['a newline in the name', 'a\nb', /character 2 is not printable \(U\+000A\)/],
    ['a bidi override in the name', 'ab\u202Ec', /character 3 is not printable \(U\+202E\)/],
  ]
  it.each(rows)('%s', (_what, name, refused) => {
    const { dir } = project(MINIMAL)
    const parse = () => parseTaskConfig({ ...MINIMAL, name }, dir, { env: {} })
    if (refused) expect(inputError(parse).message).toMatch(refused)
    else expect(parse().config.name).toBe(name)
  })
})

describe('parseTaskConfig', () => {
  it('validates an object from the UI against a base folder, without a file name', () => {
    const { dir } = project(MINIMAL)
    expect(parseTaskConfig(MINIMAL, dir, { env: {} }).resolved.skillPath).toBe(join(dir, 'skill'))
    const err = inputError(() => parseTaskConfig({ ...MINIMAL, repeatRounds: 2.5 }, dir))
    expect(err.message).toBe('repeatRounds: must be a whole number from 1 to 20 (got 2.5)')
    expect(err.file).toBeUndefined()
  })
})
