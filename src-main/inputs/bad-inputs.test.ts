// The bad inputs users hit most: each message names the file, line or field, and says what to do.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadDataset, selectCases } from './dataset'
import type { InputError } from './errors'
import { loadTaskConfig } from './load-config'
import { readSkill } from './skill'
import { inputError, shown, tempTree } from './temp-files.fixture'

const SKILL = '---\nname: pirate-speak\ndescription: Talk like a pirate.\n---\n'
const CASES = ['{"id": "c1", "prompt": "one"}', '{"id": "c2", "prompt": "two"}']

interface Expect {
  /** The whole message, with the temp folder stripped. */
  message: string | RegExp
  file?: RegExp
  line?: number
  field?: string
  fix: string | RegExp
}

/** A project folder with a valid skill, dataset and config; `config` patches the config. */
function project(config: Record<string, unknown> = {}, files: Record<string, string> = {}) {
  const base = {
    name: 't',
    skill: { path: './skill' },
    dataset: { path: './cases.jsonl' },
    agent: { model: 'a/m' },
  }
  return tempTree({
    'skill/SKILL.md': SKILL,
    'cases.jsonl': CASES.join('\n'),
    'task.json': JSON.stringify({ ...base, ...config }, null, 2),
    ...files,
  })
}

const cases: [string, () => { dir: string; err: InputError }, Expect][] = [
  [
    'malformed JSON on line 7 of a JSONL dataset',
    () => {
      const lines = [
        '{"id": "c1", "prompt": "p"}',
        '',
        ...Array.from({ length: 4 }, (_, i) => `{"id": "d${i}", "prompt": "p"}`),
        '{"id": "c7", "prompt": "p",}',
      ]
      const dir = tempTree({ 'cases.jsonl': lines.join('\n') })
      return { dir, err: inputError(() => loadDataset(join(dir, 'cases.jsonl'))) }
    },
    {
      message:
        /^cases\.jsonl line 7, column 27: malformed JSON \(a trailing comma before .}. is not allowed in JSON\): fix the line or remove it$/,
      file: /cases\.jsonl$/,
      line: 7,
      fix: 'fix the line or remove it',
    },
  ],
  [
    'a duplicate case id',
    () => {
      const dir = tempTree({ 'cases.jsonl': [...CASES, '{"id": "c1", "prompt": "again"}'].join('\n') })
      return { dir, err: inputError(() => loadDataset(join(dir, 'cases.jsonl'))) }
    },
    {
      message: 'cases.jsonl line 3: duplicate case id "c1" (also on line 1): give each case its own id',
      line: 3,
      field: 'id',
      fix: 'give each case its own id',
    },
  ],
  [
    'a case without a prompt',
    () => {
      const dir = tempTree({ 'cases.jsonl': [...CASES, '{"id": "c3", "expectedOutput": "x"}'].join('\n') })
      return { dir, err: inputError(() => loadDataset(join(dir, 'cases.jsonl'))) }
    },
    {
      message:
        'cases.jsonl line 3: "prompt" is missing (case "c3"): every case needs a non-empty "prompt": the task given to the agent',
      line: 3,
      field: 'prompt',
      fix: /non-empty "prompt"/,
    },
  ],
  [
    'a skill folder without SKILL.md',
    () => {
      const dir = tempTree({ 'skill/README.md': '# hi' })
      return { dir, err: inputError(() => readSkill(join(dir, 'skill'))) }
    },
    {
      message: /^skill: no SKILL\.md in the skill folder: add a SKILL\.md/,
      file: /skill$/,
      fix: /name: my-skill/,
    },
  ],
  [
    'a SKILL.md without description',
    () => {
      const dir = tempTree({ 'skill/SKILL.md': '---\nname: pirate-speak\n---\n# Pirate\n' })
      return { dir, err: inputError(() => readSkill(join(dir, 'skill'))) }
    },
    {
      message: /^skill\/SKILL\.md line 1: the front matter has no "description": add "description: /,
      file: /SKILL\.md$/,
      field: 'description',
      fix: /opencode hides skills without one/,
    },
  ],
  [
    'an unknown evaluator',
    () => {
      const dir = project({ evaluators: [{ id: 'nope' }] })
      return { dir, err: inputError(() => loadTaskConfig(join(dir, 'task.json'))) }
    },
    {
      message:
        'task.json: evaluators[0].id: unknown evaluator "nope": use a preset (preset-agent-task-completion, preset-agent-trace-quality, preset-pairwise-outcome, preset-expectations) or give "kind": "llm" with "prompt", "kind": "command" with "command", "kind": "pairwise" with "prompt", or "kind": "expectations"',
      field: 'evaluators[0].id',
      fix: /use a preset/,
    },
  ],
  [
    'an unknown config key',
    () => {
      const dir = project({ agent: { model: 'a/m', timeout: 60 } })
      return { dir, err: inputError(() => loadTaskConfig(join(dir, 'task.json'))) }
    },
    {
      message:
        /^task\.json: unknown key "agent\.timeout": did you mean "timeoutSec"\? \(known here: model, opencodeConfig, driver/,
      field: 'agent.timeout',
      fix: /did you mean "timeoutSec"/,
    },
  ],
  [
    'a filesDir escaping the dataset folder',
    () => {
      const dir = tempTree({
        'data/cases.jsonl': '{"id": "c1", "prompt": "p", "filesDir": "../secrets"}',
        'secrets/key.txt': 'k',
      })
      return { dir, err: inputError(() => loadDataset(join(dir, 'data', 'cases.jsonl'))) }
    },
    {
      message:
        /^data\/cases\.jsonl line 1: filesDir "\.\.\/secrets" leaves the dataset's folder \(case "c1"\): keep the case's files in a folder beside the dataset file/,
      line: 1,
      field: 'filesDir',
      fix: /keep the case's files in a folder beside the dataset file/,
    },
  ],
  [
    'a missing dataset file',
    () => {
      const dir = project({ dataset: { path: './gone.jsonl' } })
      return { dir, err: inputError(() => loadTaskConfig(join(dir, 'task.json'))) }
    },
    {
      message:
        /^task\.json: dataset\.path: file not found: .*gone\.jsonl: fix the path \("\.\/gone\.jsonl" is resolved against the config file's folder/,
      field: 'dataset.path',
      fix: /fix the path/,
    },
  ],
  [
    'a bad repeatRounds',
    () => {
      const dir = project({ repeatRounds: 0 })
      return { dir, err: inputError(() => loadTaskConfig(join(dir, 'task.json'))) }
    },
    {
      message: 'task.json: repeatRounds: must be a whole number from 1 to 20 (got 0)',
      field: 'repeatRounds',
      fix: /from 1 to 20/,
    },
  ],
  [
    'a model without provider',
    () => {
      const dir = project({ agent: { model: 'claude-sonnet-4' } })
      return { dir, err: inputError(() => loadTaskConfig(join(dir, 'task.json'))) }
    },
    {
      message:
        'task.json: agent.model: "claude-sonnet-4" has no provider: write "provider/model" as opencode names it, e.g. "anthropic/claude-sonnet-4"',
      field: 'agent.model',
      fix: /"provider\/model"/,
    },
  ],
  [
    'cases selecting an unknown id',
    () => {
      const dir = project({ cases: ['c1', 'c9'] })
      const { config, resolved } = loadTaskConfig(join(dir, 'task.json'), { env: {} })
      const ds = loadDataset(resolved.datasetPath)
      return {
        dir,
        err: inputError(() =>
          selectCases(ds.cases, config.cases, { datasetFile: ds.file, configFile: 'task.json' }),
        ),
      }
    },
    {
      message: 'task.json: cases[1]: unknown case id "c9" (no such case in cases.jsonl): use one of: c1, c2',
      file: /^task\.json$/,
      field: 'cases[1]',
      fix: 'use one of: c1, c2',
    },
  ],
]

describe('bad input: one clear message, nothing imported', () => {
  it.each(cases)('%s', (_name, run, want) => {
    const { dir, err } = run()
    const { message } = shown(err, dir)
    const all = `${message}`
    if (typeof want.message === 'string') expect(all).toBe(want.message)
    else expect(all).toMatch(want.message)
    if (want.file) expect(err.file).toMatch(want.file)
    if (want.line !== undefined) expect(err.line).toBe(want.line)
    if (want.field !== undefined) expect(err.field).toBe(want.field)
    if (typeof want.fix === 'string') expect(err.fix ?? message).toContain(want.fix)
    else expect(err.fix ?? message).toMatch(want.fix)
    expect(err.name).toBe('InputError')
  })
})
