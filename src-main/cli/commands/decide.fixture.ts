// Test-only: `skill-ab decide` run with a fake Io (its stdin and files given), and an experiment's line.
import { parseArgs } from '../args'
import { captureIo, type CapturedIo } from '../capture-io.fixture'
import { decideCommand, type DecideIo } from './decide'

export function fakeIo(stdin: string, files: Record<string, string> = {}): DecideIo & CapturedIo {
  return Object.assign(captureIo({}, '/work'), {
    readStdin: () => Promise.resolve(stdin),
    readFile: (path: string) => {
      const text = files[path]
      if (text === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`)
      return text
    },
  })
}

/** Runs decide on `stdin` with `files` (or with `io`: e.g. one reading real files) and parses its stdout. */
export async function run(
  argv: string[],
  stdin: string,
  files: Record<string, string> = {},
  io: DecideIo & CapturedIo = fakeIo(stdin, files),
) {
  const { positionals, flags } = parseArgs(argv, decideCommand.flags)
  const code = await decideCommand.run(positionals, flags, io)
  return {
    code,
    lines: io.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
    stderr: io.stderr,
  }
}

/** Cases c1..cN, 2 rounds, side b `lift` points above a; tokens as an object on side a. */
export function experiment(lift: number, cases = 4, extra: Record<string, unknown> = {}): string {
  const runs = []
  for (let c = 1; c <= cases; c++)
    for (let round = 1; round <= 2; round++) {
      const a = 40 + 5 * c + round
      runs.push({
        caseId: `c${c}`,
        side: 'a',
        round,
        score: a,
        durationMs: 1000,
        costUsd: 0.01,
        tokens: { input: 500, output: 300, reasoning: 100, cacheRead: 50, cacheWrite: 50 },
      })
      runs.push({
        caseId: c,
        side: 'b',
        round,
        score: a + lift + (c % 2),
        tokens: 1100,
        costUsd: 0.011,
        durationMs: 1000,
        id: 'r',
        status: 'scored',
      })
    }
  return JSON.stringify({
    runs: runs.map((r) => ({ ...r, caseId: `c${String(r.caseId).replace('c', '')}` })),
    ...extra,
  })
}
