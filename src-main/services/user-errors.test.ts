// One user-facing error, mapped once: the CLI prints what the api sends (kind, message, issues with codes).
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { toApiError } from '../api/errors'
import { userErrorMessage } from '../cli/errors'
import { StoreError } from '../db'
import { InputError } from '../inputs/errors'
import { parseTaskConfig } from '../inputs/load-config'
import { resumeConflict, taskBusy } from './parts/errors'
import { toUserError } from './user-errors'

function thrown(fn: () => unknown): unknown {
  try {
    fn()
  } catch (err) {
    return err
  }
  throw new Error('expected a throw')
}

const fsError = (code: string) => Object.assign(new Error(`${code}: write`), { code, path: '/out/x.json' })

describe('toUserError: each error a user can act on, with its kind', () => {
  const table: [string, unknown, string][] = [
    ['bad input', new InputError({ field: 'agent.model', message: 'agent.model: no provider' }), 'input'],
    ['a task owned by another process', taskBusy('t', 'pid 7'), 'busy'],
    ['a config that cannot resume its task', resumeConflict('t', ['the skill changed']), 'conflict'],
    ['an unknown task in the store', new StoreError('not_found', 'no A/B task t'), 'not_found'],
    ['a full disk under the store', new StoreError('disk_full', 'the disk is full'), 'storage'],
    ['a full disk while a file is written', fsError('ENOSPC'), 'storage'],
    ['a payload the contract refuses', z.object({ a: z.string() }).safeParse({}).error, 'input'],
  ]
  it.each(table)('%s → %s', (_why, err, kind) => {
    const error = toUserError(err)
    expect(error?.kind).toBe(kind)
    // The CLI prints the same message the app shows (and exits 2: cli/storage-faults.test.ts).
    expect(userErrorMessage(err)).toBe(error?.message)
    expect(toApiError(err)).toEqual(error)
  })

  it('a bug is no user error: the CLI lets it surface, the api says internal', () => {
    const bug = new TypeError('x is undefined')
    expect(toUserError(bug)).toBeNull()
    expect(userErrorMessage(bug)).toBeNull()
    expect(toApiError(bug)).toEqual({ kind: 'internal', message: 'x is undefined' })
  })
})

describe('field issues carry codes a form switches on', () => {
  const issues = (config: unknown) =>
    toUserError(thrown(() => parseTaskConfig(config, '/nowhere', { env: {} })))?.issues ?? []

  it('required (absent or empty), unknown_key and invalid from the schema', () => {
    const got = issues({
      name: '',
      skill: { path: '/s' },
      agent: { model: 'gpt' },
      colour: 'red',
    })
    const code = (field: string) => got.filter((i) => i.field === field).map((i) => i.code)
    expect(code('name')).toEqual(['required'])
    expect(code('dataset')).toEqual(['required'])
    expect(code('colour')).toEqual(['unknown_key'])
    expect(code('agent.model')).toEqual(['invalid'])
  })

  it('path for a file or folder that is not there', () => {
    const got = issues({
      name: 'n',
      skill: { path: 'no-such-skill' },
      baseline: { kind: 'none' },
      dataset: { path: 'no-such.jsonl' },
      agent: { model: 'p/m' },
    })
    expect(got.map((i) => [i.field, i.code])).toEqual(
      expect.arrayContaining([
        ['skill.path', 'path'],
        ['dataset.path', 'path'],
      ]),
    )
  })

  it('a problem that is about no field has field "" (the form shows it as a banner)', () => {
    const err = new InputError({ file: 'cases.jsonl', line: 3, message: 'malformed JSON' })
    expect(toUserError(err)?.issues).toEqual([{ field: '', code: 'invalid', message: 'malformed JSON' }])
  })
})
