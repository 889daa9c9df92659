// `skill-ab judge-parse` with a fake Io and stdin: output line, exit codes, usage errors.
import { Readable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseArgs, UsageError } from '../args'
import { captureIo, type CapturedIo } from '../capture-io.fixture'
import { readProcessStdin } from '../stdin'
import { judgeParseCommand, type JudgeParseIo } from './judge-parse'

function fakeIo(stdin: string): JudgeParseIo & CapturedIo {
  return Object.assign(captureIo({}, '/'), { readStdin: () => Promise.resolve(stdin) })
}

async function run(argv: string[], stdin: string) {
  const io = fakeIo(stdin)
  const { positionals, flags } = parseArgs(argv, judgeParseCommand.flags)
  const code = await judgeParseCommand.run(positionals, flags, io)
  return { code, stdout: io.stdout, stderr: io.stderr }
}

describe('skill-ab judge-parse', () => {
  afterEach(() => vi.restoreAllMocks())

  it('prints score (0–100), reason and strategy as one JSON line and exits 0', async () => {
    const r = await run([], '```json\n{"score": 85, "reason": "good"}\n```\n')
    expect(r).toEqual({
      code: 0,
      stdout: '{"score":85,"reason":"good","strategy":"repaired_json"}\n',
      stderr: '',
    })
  })

  it.each([
    { argv: ['--scale', '10'], stdin: 'Score: 8', score: 80, strategy: 'regex_score' },
    { argv: ['--scale=5'], stdin: '{"rating": 4, "reason": "ok"}', score: 80, strategy: 'direct_json' },
    { argv: ['--scale', '1'], stdin: '{"score": 0.7, "reason": "ok"}', score: 70, strategy: 'direct_json' },
    { argv: ['--scale', '100'], stdin: 'Score: 7/10', score: 70, strategy: 'regex_score' },
  ])('reads a bare number on --scale ($argv)', async ({ argv, stdin, score, strategy }) => {
    const r = await run(argv, stdin)
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ score, strategy })
  })

  it('exits 1 with what was tried on stderr when nothing parses, printing nothing on stdout', async () => {
    const r = await run(['--scale', '10'], 'The agent did fine.')
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^skill-ab judge-parse: no score within 0–10 found .*\(4\) a labelled score/)
    expect((await run([], '')).code).toBe(1)
  })

  it.each([['--scale', '7'], ['--scale', 'ten'], ['--scale', '10.0'], ['--scale', '1e2'], ['answer.txt']])(
    'refuses bad usage %j with a UsageError (exit 2 in main)',
    async (...argv) => {
      await expect(run(argv, 'Score: 5')).rejects.toBeInstanceOf(UsageError)
    },
  )

  it('reads process.stdin by default, joining chunks split inside a character', async () => {
    const bytes = Buffer.from('评分：85')
    vi.spyOn(process, 'stdin', 'get').mockReturnValue(
      Readable.from([bytes.subarray(0, 2), bytes.subarray(2)]) as unknown as typeof process.stdin,
    )
    expect(await readProcessStdin(1024, 'x')).toBe('评分：85')
  })
})
