// The answer key: which paths no agent may read, and dataset files a skill's snapshot would copy.
import { realpathSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { answerKeyOf, checkDatasetSealed } from './sealed-paths'
import { inputError, tempTree } from './temp-files.fixture'

const SKILL_MD = '---\nname: demo\ndescription: A demo skill.\n---\n'

describe('answerKeyOf', () => {
  it('seals the dataset file, and a skill-creator dataset its folder too', () => {
    const dir = realpathSync(tempTree({ 'skill/evals/evals.json': '{}', 'cases.jsonl': '' }))
    const data = join(dir, 'data')
    expect(answerKeyOf({ file: join(dir, 'cases.jsonl'), format: 'jsonl' }, data)).toEqual({
      files: [join(dir, 'cases.jsonl')],
      folders: [],
    })
    expect(answerKeyOf({ file: join(dir, 'skill/evals/evals.json'), format: 'skill-creator' }, data)).toEqual(
      {
        files: [join(dir, 'skill/evals/evals.json')],
        folders: [join(dir, 'skill/evals')],
      },
    )
  })

  it('never seals a folder that holds the data dir (its work dirs and snapshots would be denied too)', () => {
    const dir = realpathSync(tempTree({ 'evals.json': '{}' }))
    expect(
      answerKeyOf({ file: join(dir, 'evals.json'), format: 'skill-creator' }, join(dir, 'data')).folders,
    ).toEqual([])
  })
})

describe('checkDatasetSealed', () => {
  it('accepts a dataset in evals/ or outside the skill folder', () => {
    const dir = tempTree({ 'skill/SKILL.md': SKILL_MD, 'skill/evals/evals.json': '{}', 'cases.jsonl': '' })
    const skill = join(dir, 'skill')
    checkDatasetSealed(skill, { file: join(skill, 'evals/evals.json'), format: 'skill-creator' })
    checkDatasetSealed(skill, { file: join(dir, 'cases.jsonl'), format: 'jsonl' })
  })

  it('refuses a dataset file the snapshot would copy, naming it and the .skillabignore line to add', () => {
    const skill = tempTree({ 'SKILL.md': SKILL_MD, 'tests/cases.jsonl': '{"expectedOutput": "KEY"}' })
    const err = inputError(() =>
      checkDatasetSealed(skill, { file: join(skill, 'tests/cases.jsonl'), format: 'jsonl' }),
    )
    expect(err.field).toBe('skill.path')
    expect(err.message).toMatch(/the skill's snapshot would copy the dataset file tests\/cases\.jsonl/)
    expect(err.fix).toMatch(/^add the line "\/tests\/cases\.jsonl" to .*\.skillabignore/)
  })

  it('refuses a skill-creator dataset whose folder the snapshot would copy, and accepts it once ignored', () => {
    const files = { 'SKILL.md': SKILL_MD, 'my-evals/evals.json': '{}', 'my-evals/files/in.csv': 'a' }
    const skill = tempTree(files)
    const dataset = { file: join(skill, 'my-evals/evals.json'), format: 'skill-creator' as const }
    const err = inputError(() => checkDatasetSealed(skill, dataset))
    expect(err.message).toMatch(/would copy the dataset's folder my-evals\/ \(2 files, with evals\.json\)/)
    expect(err.fix).toMatch(/^add the line "\/my-evals\/" to /)
    const ignored = tempTree({ ...files, '.skillabignore': '/my-evals/\n' })
    checkDatasetSealed(ignored, { ...dataset, file: join(ignored, 'my-evals/evals.json') })
  })
})
