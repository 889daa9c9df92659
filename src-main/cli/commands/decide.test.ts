// `skill-ab decide` with a fake Io: one decision per line, per-field policy merge, bad lines, exit codes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseArgs, UsageError } from '../args'
import { decideCommand, type DecideIo } from './decide'

let cwd: string
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'skill-ab-decide-'))
})
afterEach(() => rmSync(cwd, { recursive: true, force: true }))

/** An Io reading `stdin`, in a temp folder holding `files` (name → bytes). */
function fakeIo(
  stdin: string,
  files: Record<string, string | Buffer> = {},
): DecideIo & { stdout: string; stderr: string } {
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(cwd, name), bytes)
  const io = {
    stdout: '',
    stderr: '',
    out: (text: string) => void (io.stdout += text),
    err: (text: string) => void (io.stderr += text),
    isTty: false,
    env: {},
    cwd,
    readStdin: () => Promise.resolve(stdin),
  }
  return io
}

async function run(argv: string[], stdin: string, files: Record<string, string | Buffer> = {}) {
  const io = fakeIo(stdin, files)
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
function experiment(lift: number, cases = 4, extra: Record<string, unknown> = {}): string {
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

describe('skill-ab decide', () => {
  afterEach(() => vi.restoreAllMocks())

  it('prints one decision (in the export shape) per line, in order, and exits 0', async () => {
    const r = await run([], `${experiment(20)}\n\n${experiment(0)}\n`)
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    expect(r.lines).toHaveLength(2)
    expect(r.lines.map((d) => d.verdict)).toEqual(['pass', 'reject'])
    expect(Object.keys(r.lines[0])).toEqual([
      'verdict',
      'reasons',
      'capability',
      'cost',
      'stability',
      'failures',
      'trigger',
      'pairwise',
      'primary',
      'warnings',
      'casesNeeded',
      'coverage',
    ])
    expect(r.lines[0].cost.ratio).toBeCloseTo(1.1, 12)
    expect(r.lines[0].cost.metrics.time.ratio).toBe(1)
  })

  it('reads a --policy file that starts with a UTF-8 byte-order mark, as every JSON input', async () => {
    const files = { 'p.json': Buffer.from('\ufeff{"minLift": 25}') }
    const r = await run(['--policy', 'p.json'], experiment(20), files)
    expect(r.stderr).toBe('')
    expect(r.lines.map((d) => d.capability.minLift)).toEqual([25])
  })

  it('merges policy fields: defaults < --policy file < the line', async () => {
    const files = { 'p.json': '{"minLift": 25, "costMetric": "time"}' }
    const lines = [experiment(20), experiment(20, 4, { policy: { minLift: 2 } })].join('\n')
    const r = await run(['--policy', 'p.json'], lines, files)
    expect(r.code).toBe(0)
    expect(r.lines.map((d) => [d.capability.minLift, d.cost.metric, d.stability.tolerance])).toEqual([
      [25, 'time', 10],
      [2, 'time', 10],
    ])
    expect(r.lines.map((d) => d.capability.verdict)).toEqual(['reject', 'pass'])
  })

  it('counts a run as executed when it has tokens or durationMs', async () => {
    const runs = JSON.parse(experiment(20)).runs.map((x: Record<string, unknown>) =>
      x.side === 'b' && x.caseId === 'c1' ? { ...x, tokens: null, durationMs: undefined } : x,
    )
    const [d] = (await run([], JSON.stringify({ runs }))).lines
    expect(d.cost.metrics.tokens.skippedCases).toEqual(['c1'])
    expect(d.cost.metrics.usd.unknownPrices).toBe(0)
  })

  it('a skill that makes b time out on every case → reject, the reasons naming the failure rate', async () => {
    const runs = JSON.parse(experiment(20)).runs.map((x: Record<string, unknown>) =>
      x.side === 'b' ? { ...x, score: null, failureType: 'timeout' } : x,
    )
    const [d] = (await run([], JSON.stringify({ runs }))).lines
    expect(d.verdict).toBe('reject')
    expect(d.failures).toMatchObject({ verdict: 'reject', failuresB: 8, runsB: 8, failuresA: 0, runsA: 8 })
    expect(d.capability.perCase.map((c: { b: number }) => c.b)).toEqual([0, 0, 0, 0])
    expect(d.cost.metrics.tokens.skippedCases).toEqual(['c1', 'c2', 'c3', 'c4'])
    expect(d.reasons[0]).toBe(
      'overall: reject — capability and failures (b failed 8 of 8 runs (100%), a 0 of 8 (0%)) reject',
    )
  })

  it('provider errors stay missing, never 0; failedRunScore "missing" leaves timeouts missing too', async () => {
    const withFailure = (failureType: string, policy = {}) => {
      const runs = JSON.parse(experiment(20)).runs.map((x: Record<string, unknown>) =>
        x.side === 'b' && x.round === 2 ? { ...x, score: null, failureType } : x,
      )
      return JSON.stringify({ runs, policy })
    }
    const r = await run(
      [],
      [withFailure('provider_error'), withFailure('timeout', { failedRunScore: 'missing' })].join('\n'),
    )
    for (const d of r.lines) {
      expect(d.capability.perCase.map((c: { roundsB: number }) => c.roundsB)).toEqual([1, 1, 1, 1])
      expect(d.capability.verdict).toBe('pass')
    }
    expect(r.lines[0].failures).toMatchObject({ failuresB: 0, runsB: 4, excludedB: 4 })
    expect(r.lines[1].failures).toMatchObject({ failuresB: 4, runsB: 8, excludedB: 0 })
  })

  it('skillLoaded, pairwise and baselineHasSkill: trigger rates, the warning, the pairwise verdict as primary', async () => {
    const runs = JSON.parse(experiment(20)).runs.map((x: Record<string, unknown>) => ({
      ...x,
      skillLoaded: x.side === 'b' ? false : true,
    }))
    const pairwise = ['c1', 'c2', 'c3', 'c4'].flatMap((caseId) => [
      { caseId, round: 1, winner: 'a' },
      { caseId, round: 2, winner: 'tie', flipped: true },
    ])
    const line = { runs, pairwise, baselineHasSkill: true, policy: { primary: 'pairwise', alpha: 0.2 } }
    const [d] = (await run([], JSON.stringify(line))).lines
    expect(d.trigger.b).toMatchObject({ runs: 8, invoked: 0, rate: 0 })
    expect(d.trigger.a).toMatchObject({ runs: 8, invoked: 8, rate: 1 })
    expect(d.warnings).toEqual([
      {
        code: 'low-trigger-rate',
        message: expect.stringMatching(/^side b invoked the skill in 0 of 8 runs \(0%\)/),
      },
    ])
    expect(d.pairwise).toMatchObject({ verdict: 'reject', wins: 0, losses: 4, comparisons: 8, flipped: 4 })
    expect(d.primary).toBe('pairwise')
    expect(d.capability.verdict).toBe('pass')
    expect(d.verdict).toBe('reject')
    expect(d.reasons[0]).toBe('overall: reject — pairwise rejects')
  })

  it('is deterministic: same input, same bytes', async () => {
    const a = await run([], experiment(7, 6))
    const b = await run([], experiment(7, 6))
    expect(JSON.stringify(a.lines)).toBe(JSON.stringify(b.lines))
  })

  it.each([
    ['{"runs": [', /^line 2: not JSON/],
    [
      '[1, 2]',
      /^line 2: must be a JSON object \{"runs": \[...\], "policy"\?: \{...\}, "pairwise"\?: \[\{caseId, round, winner, flipped\?\}\], "baselineHasSkill"\?: true\|false\}$/,
    ],
    [
      '{"runs": [{"caseId": "c1", "side": "a", "round": 1, "score": null, "failureType": "oops"}]}',
      /^line 2: runs\[0\]\.failureType: must be one of agent_error, timeout, crashed, spawn_failed, interrupted, canceled, provider_error, or null \(got "oops"\)$/,
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

  it('a line nested 100 000 levels deep is a bad line, named by its field (no stack overflow)', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    const r = await run([], `{"runs": [], "policy": {"alpha": ${deep}}}`)
    expect(r.code).toBe(2)
    expect(r.lines).toEqual([
      {
        error: 'line 1: policy.alpha: nests deeper than 64 levels (lists and objects inside each other)',
      },
    ])
  })

  it.each([
    [
      {},
      /^skill-ab decide: --policy p\.json: policy file not found: check the path \(resolved against the current folder: .*\/p\.json\)/,
    ],
    [{ 'p.json': 'nope' }, /--policy p\.json line 1, column 1: malformed JSON/],
    [{ 'p.json': '[1]' }, /--policy p\.json: must be a JSON object of policy fields/],
    [
      { 'p.json': '{"alpha": 2}' },
      /--policy p\.json: policy\.alpha: must be a number above 0 to below 1 \(got 2\)/,
    ],
  ])('a bad --policy file exits 2 before reading stdin', async (files, message) => {
    const r = await run(['--policy', 'p.json'], experiment(20), files)
    expect(r.code).toBe(2)
    expect(r.lines).toEqual([])
    expect(r.stderr).toMatch(message)
  })

  it('refuses positionals with a UsageError (exit 2 in main)', async () => {
    await expect(run(['runs.jsonl'], '')).rejects.toBeInstanceOf(UsageError)
  })
})
