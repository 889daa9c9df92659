import { describe, expect, it } from 'vitest'
import { parseArgs, plainNumber, UsageError } from './args'

describe('parseArgs', () => {
  const spec = { out: 'string', json: 'boolean' } as const

  it('reads positionals, valued flags in both forms, and boolean flags', () => {
    expect(parseArgs(['a.json', '--out', 'f', '--json'], spec)).toEqual({
      positionals: ['a.json'],
      flags: { out: 'f', json: true },
    })
    expect(parseArgs(['--out=g'], spec).flags.out).toBe('g')
  })

  it('refuses unknown options, missing values and values on boolean flags', () => {
    expect(() => parseArgs(['--nope'], spec)).toThrow(new UsageError('unknown option --nope'))
    expect(() => parseArgs(['-x'], spec)).toThrow(/unknown option -x/)
    expect(() => parseArgs(['--out'], spec)).toThrow(/--out needs a value/)
    expect(() => parseArgs(['--json=1'], spec)).toThrow(/takes no value/)
  })

  it('refuses a NUL character in an argument, naming it (never ERR_INVALID_ARG_VALUE from a file call)', () => {
    expect(() => parseArgs(['task\0.json'], spec)).toThrow(
      new UsageError(
        'argument 1 holds a NUL character (U+0000) at character 5, which no path can: remove it',
      ),
    )
    expect(() => parseArgs(['--out', 'a\0b'], spec)).toThrow(
      /^--out holds a NUL character \(U\+0000\) at character 2/,
    )
    expect(() => parseArgs(['--out=a\0b'], spec)).toThrow(/^--out holds a NUL character/)
  })
})

describe('plainNumber', () => {
  it('reads plain decimal numbers only', () => {
    expect(['5', '0.50', '.5', '007', '65535'].map(plainNumber)).toEqual([5, 0.5, 0.5, 7, 65535])
    const refused = [
      '0x10',
      '1e1',
      '',
      ' ',
      ' 2',
      '2 ',
      '-1',
      '+1',
      '1.',
      'Infinity',
      '1_000',
      '9'.repeat(400),
    ]
    expect(refused.map(plainNumber)).toEqual(refused.map(() => null))
    expect(plainNumber(true)).toBeNull()
    expect(plainNumber(undefined)).toBeNull()
  })
})
