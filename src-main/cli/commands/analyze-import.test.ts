import { describe, expect, it } from 'vitest'
import { InputError } from '../../inputs/errors'
import { defaultImportName, importConfigFromFlags } from './analyze-import'

function problems(flags: Record<string, string | boolean | undefined>): string[] {
  try {
    importConfigFromFlags(flags, '/home/u')
  } catch (err) {
    if (err instanceof InputError) return err.problems
    throw err
  }
  throw new Error('expected an InputError')
}

describe('analyze --import flags', () => {
  it('build the import config: data dir resolved, sessions and evaluators split, one new analysis per call', () => {
    const c = importConfigFromFlags(
      {
        import: 'oc',
        'judge-model': 'p/judge',
        sessions: 'ses_1, ses_2',
        evaluators: 'preset-agent-trace-quality',
      },
      '/home/u',
    )
    expect(c.traces).toEqual({ dataDir: '/home/u/oc', sessions: ['ses_1', 'ses_2'] })
    expect(c.judge).toEqual({ model: 'p/judge', concurrency: 3, retries: 2 })
    expect(c.evaluators).toEqual([{ id: 'preset-agent-trace-quality', weight: 1 }])
    expect(c.name).toMatch(/^import of oc at \d{4}-/)
    expect(defaultImportName('/x/opencode', new Date('2026-01-02T03:04:05.678Z'))).toBe(
      'import of opencode at 2026-01-02T03:04:05Z',
    )
  })

  it('name the flag that is wrong', () => {
    expect(problems({ import: 'oc' })).toEqual([
      '--judge-model is required: give the judge as provider/model, e.g. --judge-model anthropic/claude-sonnet-4',
    ])
    expect(problems({ import: 'oc', 'judge-model': 'p/j', evaluators: 'nope' })[0]).toMatch(
      /^--evaluators: unknown evaluator "nope"/,
    )
    expect(problems({ import: 'oc', 'judge-model': 'p/j', evaluators: 'preset-expectations' })[0]).toMatch(
      /^--evaluators: an expectations evaluator checks a case's expectations, and imported sessions have none/,
    )
    expect(problems({ import: 'oc', 'judge-model': 'p/j', name: 'n'.repeat(10_000) })).toEqual([
      '--name: is 10000 characters long: use at most 200',
    ])
  })
})
