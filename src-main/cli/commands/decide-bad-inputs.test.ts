// \`skill-ab decide\` refuses bad input: a bad line prints {"error"} in its place (the rest go on, exit 2), a bad
// --policy file or stdin that is not UTF-8 exits 2 before any decision.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { UsageError } from '../args'
import { main } from '../main'
import { experiment, fakeIo, run } from './decide.fixture'

const latin1 = (before: string, after: string): Buffer =>
  Buffer.concat([Buffer.from(before), Buffer.from([0xe9]), Buffer.from(after)])

describe('skill-ab decide refuses bad input', () => {
  afterEach(() => vi.restoreAllMocks())

  it.each([
    ['{"runs": [', /^line 2: not JSON/],
    [
      '[1, 2]',
      /^line 2: must be a JSON object \{"runs": \[...\], "policy"\?: \{...\}, "pairwise"\?: \[\{caseId, round, winner, flipped\?\}\], "baselineHasSkill"\?: true\|false\}$/,
    ],
    [
      '{"runs": [{"caseId": "c1", "side": "a", "round": 1, "score": null, "failureType": "oops"}]}',
      /^line 2: runs\[0\]\.failureType: must be one of agent_error, timeout, crashed, spawn_failed, interrupted, canceled, provider_error, judge_tampering, or null \(got "oops"\)$/,
    ],
    [
      '{"runs": [{"caseId": "c1", "side": "a", "round": 1, "score": 5, "skillLoaded": "yes"}]}',
      /^line 2: runs\[0\]\.skillLoaded: must be true, false or null \(got "yes"\)$/,
    ],
    [
      '{"runs": [], "pairwise": [{"caseId": "c1", "round": 1, "winner": "c"}]}',
      /^line 2: pairwise\[0\]\.winner: must be "a", "b", "tie" or null \(no verdict\) \(got "c"\)$/,
    ],
    [
      '{"runs": [], "pairwise": [{"caseId": "c1", "round": 1, "winner": "a"}, {"caseId": "c1", "round": 1, "winner": "b"}]}',
      /^line 2: pairwise\[1\] repeats case "c1" round 1 \(pairwise\[0\]\): give each once$/,
    ],
    [
      '{"runs": [], "baselineHasSkill": "no"}',
      /^line 2: baselineHasSkill: must be true or false \(got "no"\)$/,
    ],
    [
      '{"runs": [{"caseId": "c1", "side": "c", "round": 1, "score": 5}]}',
      /^line 2: runs\[0\]\.side: must be "a" or "b" \(got "c"\)$/,
    ],
    [
      '{"runs": [{"caseId": "c1", "side": "a", "round": 0, "score": 5}]}',
      /^line 2: runs\[0\]\.round: must be a whole number ≥ 1 \(got 0\)$/,
    ],
    [
      '{"runs": [{"caseId": "c1", "side": "a", "round": 1, "score": 101}]}',
      /^line 2: runs\[0\]\.score: must be a number from 0 to 100 \(got 101\)$/,
    ],
    [
      '{"runs": [{"caseId": "c1", "side": "a", "round": 1, "score": 5, "tokens": "many"}]}',
      /^line 2: runs\[0\]\.tokens: must be a number ≥ 0, \{input/,
    ],
    [
      '{"runs": [{"caseId": "c1", "side": "a", "round": 1, "score": 5}, {"caseId": "c1", "side": "a", "round": 1, "score": 6}]}',
      /^line 2: runs\[1\] repeats case "c1" side a round 1 \(runs\[0\]\)/,
    ],
    [
      '{"runs": [], "policy": {"costMetric": "euros"}}',
      /^line 2: policy\.costMetric: must be "tokens", "usd" or "time" \(got "euros"\)$/,
    ],
    ['{"runs": [], "polcy": {}}', /^line 2: unknown key polcy$/],
    [
      '{"runs": [], "policy": {"__proto__": {"minLift": 50}}}',
      /^line 2: policy\.__proto__: a key named "__proto__" is refused \(it would reach an object's prototype\): remove it$/,
    ],
    [
      '{"runs": [{"caseId": "c1", "side": "a", "round": 1, "score": 5, "constructor": {"x": 1}}]}',
      /^line 2: runs\[0\]\.constructor: a key named "constructor" is refused/,
    ],
    [
      '{"runs": [], "policy": {"prototype": 1}}',
      /^line 2: policy\.prototype: a key named "prototype" is refused/,
    ],
    ['{}', /^line 2: runs: must be an array of runs \(got nothing\)$/],
  ])('a bad line (%s) prints {"error"} in its place, the rest go on, exit 2', async (bad, message) => {
    const r = await run([], [experiment(20), bad, experiment(0)].join('\n'))
    expect(r.code).toBe(2)
    expect(r.lines).toHaveLength(3)
    expect(r.lines[0].verdict).toBe('pass')
    expect(Object.keys(r.lines[1])).toEqual(['error'])
    expect(r.lines[1].error).toMatch(message)
    expect(r.lines[2].verdict).toBe('reject')
    expect(r.stderr).toMatch(/1 bad line/)
  })

  it.each([
    [{}, /--policy p\.json: ENOENT/],
    [{ '/work/p.json': 'nope' }, /--policy p\.json line 1, column 1: malformed JSON/],
    [{ '/work/p.json': '[1]' }, /--policy p\.json: must be a JSON object of policy fields/],
    [
      { '/work/p.json': '{"minLift": 5, "__proto__": {"minLift": 50}}' },
      /--policy p\.json: policy\.__proto__: a key named "__proto__" is refused/,
    ],
    [{ '/work/p.json': '{"constructor": 1}' }, /--policy p\.json: policy\.constructor: a key named/],
    [
      { '/work/p.json': '{"alpha": 2}' },
      /--policy p\.json: policy\.alpha: must be a number above 0 to below 1 \(got 2\)/,
    ],
  ])('a bad --policy file exits 2 before reading stdin', async (files, message) => {
    const r = await run(['--policy', 'p.json'], experiment(20), files)
    expect(r.code).toBe(2)
    expect(r.lines).toEqual([])
    expect(r.stderr).toMatch(message)
  })

  /** decide with --policy p.json read from a real folder holding `bytes` (none: no file). */
  async function withPolicyFile(bytes: Buffer | null) {
    const dir = mkdtempSync(join(tmpdir(), 'skill-ab-decide-'))
    try {
      if (bytes) writeFileSync(join(dir, 'p.json'), bytes)
      const io = fakeIo(experiment(20))
      delete io.readFile // the file itself is read
      io.cwd = dir
      return await run(['--policy', 'p.json'], experiment(20), {}, io)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  it('a --policy file that is not UTF-8 exits 2, naming the byte offset', async () => {
    const r = await withPolicyFile(latin1('{"costMetric": "us', '"}'))
    expect(r.code).toBe(2)
    expect(r.lines).toEqual([])
    expect(r.stderr).toMatch(
      /--policy p\.json line 1: the policy file is not UTF-8 text: invalid byte sequence at byte offset 18 \(0xE9\): save the file as UTF-8/,
    )
  })

  it('a missing --policy file is named with the flag and the path it was looked for at (no raw ENOENT)', async () => {
    const r = await withPolicyFile(null)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(
      /^skill-ab decide: --policy p\.json: policy file not found: check the path \(resolved against the current folder: .*\/p\.json\)/,
    )
  })

  it('reads a --policy file that starts with a UTF-8 byte-order mark, as every JSON input', async () => {
    const r = await withPolicyFile(Buffer.from('\ufeff{"minLift": 25}'))
    expect(r.stderr).toBe('')
    expect(r.lines.map((d) => d.capability.minLift)).toEqual([25])
  })

  it('a line nested 100 000 levels deep is a bad line, named by its field (no stack overflow)', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    const r = await run([], `{"runs": [], "policy": {"alpha": ${deep}}}`)
    expect(r.code).toBe(2)
    expect(r.lines).toEqual([
      { error: 'line 1: policy.alpha: nests deeper than 64 levels (lists and objects inside each other)' },
    ])
  })

  it('stdin that is not UTF-8 exits 2 before any decision, naming the line and byte offset (one case read as two)', async () => {
    const utf8 = '{"runs": [{"caseId": "café", "side": "a", "round": 1, "score": 50}'
    const bytes = latin1(
      `${experiment(20)}\n${utf8}, {"caseId": "caf`,
      '", "side": "b", "round": 1, "score": 70}]}\n',
    )
    vi.spyOn(process, 'stdin', 'get').mockReturnValue(
      Readable.from([bytes]) as unknown as typeof process.stdin,
    )
    const io = fakeIo('')
    delete io.readStdin // the process's stdin is read
    const code = await main(['decide'], io)
    expect(code).toBe(2)
    expect(io.stdout).toBe('')
    const offset = bytes.indexOf(0xe9)
    expect(io.stderr).toBe(
      `skill-ab decide: stdin line 2: the input is not UTF-8 text: invalid byte sequence at byte offset ${offset} (0xE9): save the file as UTF-8\n`,
    )
  })

  it('refuses positionals with a UsageError (exit 2 in main)', async () => {
    await expect(run(['runs.jsonl'], '')).rejects.toBeInstanceOf(UsageError)
  })
})
