import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as prettier from 'prettier'
import { afterEach, describe, expect, it } from 'vitest'
import { benchMarkdown, GOALS, machineInfo, readBenchResults, writeBenchMarkdown } from './write-markdown.mjs'

const machine = {
  cpus: 2,
  cpuModel: 'AMD EPYC',
  node: 'v22.20.0',
  platform: 'linux',
  arch: 'x64',
  loadAverage: 0.4,
}

/** A whole `npm run bench` result, trimmed to what the page reads. */
const full = {
  date: '2026-12-05T04:45:34.749Z',
  machine,
  runs: 5000,
  firstRenderMs: 234,
  firstRenderSamples: [{}, {}, {}, {}, {}],
  firstRenderPhases: { navigationStart: 5, painted: 245, firstRun: 234 },
  reloadFirstRenderMs: 85,
  allRunsMs: 555,
  renderedRows: 28,
  scroll: { steps: 80, totalMs: 1323, p95FrameMs: 21, maxFrameMs: 27 },
  patches: { runChanges: 20000, ms: 1325, runChangesPerSecond: 15097 },
  mainCoalescing: { events: 100000, patches: 1, eventsPerSecond: 3278923 },
  floor: {
    runs: 20,
    judgements: 20,
    concurrency: 2,
    bareLoopMs: 72893,
    sandbox: { driver: 'server', pairs: 3, onMs: 12206, offMs: 11915, costPct: 2.4 },
    transports: {
      server: {
        wallMs: 13554,
        ratioToBare: 0.19,
        marginal: { runs: 40, wallMs: 19242, perRunMs: 569, taskStartMs: 7866 },
      },
      process: { wallMs: 107436, ratioToBare: 1.47 },
    },
  },
  triggers: null,
  peer: null,
  adaptive: {
    noEffect: {
      tasks: 2000,
      fixed: { rounds: 3, passRate: 0.024, runsPerTask: 120 },
      adaptive: { min: 1, max: 5, passRate: 0.025, runsPerTask: 60.145 },
      runsSaved: 0.4988,
    },
  },
  ci: {
    date: '2026-12-01',
    seconds: 1511,
    tests: 1211,
    measuredBy: 'a fresh clone',
    targetShare: 0.6,
    targetSeconds: 907,
  },
}
/** `npm run bench:peer`'s own file, older than the full run. */
const peerOnly = {
  date: '2026-12-04T10:00:00.000Z',
  peer: {
    promptfooVersion: '0.123.1',
    cases: 5,
    rounds: 2,
    concurrency: 2,
    agentRuns: 20,
    judgements: 20,
    promptfooMs: 81869,
    skillAbMs: 13135,
    speedup: 6.23,
  },
}

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'bench-md-'))
  dirs.push(d)
  return d
}

describe('benchMarkdown', () => {
  it('says it is generated, when and on what machine', () => {
    const md = benchMarkdown([full])
    expect(md).toMatch(/^# Benchmarks\n/)
    expect(md).toContain('Written by `npm run bench`')
    expect(md).toContain('do not edit by hand')
    expect(md).toContain('Latest results: 2026-12-05 04:45 UTC, 2 CPUs (AMD EPYC), linux x64, Node v22.20.0')
  })

  it('puts each figure in a table beside the goal the bench knows', () => {
    const md = benchMarkdown([full])
    expect(md).toContain('## The run view at 5,000 runs')
    expect(md).toMatch(/\| first render, median of 5 cold loads +\| 234 ms +\| — +\|/)
    expect(md).toMatch(/\| `skill-ab run`, `server` driver +\| 13\.6 s \(0\.19× the loop\) +\|/)
    expect(md).toMatch(
      new RegExp(
        `OS sandbox on vs off.*\\| 12\\.2 s vs 11\\.9 s: \\+2\\.4% +\\| ≤ ${GOALS.sandboxCostPct}% \\|`,
      ),
    )
    expect(md).toMatch(/\| `noEffect` +\| 60\.1 vs 120 \(49\.9% fewer\) +\| 2\.5% vs 2\.4% +\|/)
    expect(md).toMatch(/1,511 s for 1,211 tests \| ≤ 907 s \|/)
  })

  it('takes a part a run left out from the newest results holding it, dated and with its machine', () => {
    const md = benchMarkdown([peerOnly, full])
    expect(md).toContain('## promptfoo doing the same A/B job')
    expect(md).toContain('_Measured 2026-12-04 10:00 UTC, machine not recorded')
    expect(md).toMatch(new RegExp(`\\| skill-ab faster by +\\| 6\\.23× +\\| ≥ ${GOALS.peerSpeedup}× \\|`))
    // Nothing holds the trigger figures: said so, not left out silently.
    expect(md).toContain('## A trigger probe against a full run\n\nNot measured yet')
    // The order the files come in does not matter.
    expect(benchMarkdown([full, peerOnly])).toBe(md)
  })

  it('writes a page prettier leaves as it is (lint checks docs/)', async () => {
    const md = benchMarkdown([peerOnly, full])
    const options = (await prettier.resolveConfig(join(process.cwd(), 'docs', 'benchmarks.md'))) ?? {}
    expect(await prettier.format(md, { ...options, parser: 'markdown' })).toBe(md)
  })

  it('says when there are no results', () => {
    expect(benchMarkdown([])).toContain('No results yet: run `npm run bench`.')
  })
})

describe('readBenchResults and writeBenchMarkdown', () => {
  it('reads every results file of the folder, skips what is not one, and writes docs/benchmarks.md', () => {
    const root = tempDir()
    mkdirSync(join(root, 'bench-results'))
    mkdirSync(join(root, 'docs'))
    writeFileSync(join(root, 'bench-results', 'bench-a.json'), JSON.stringify(full))
    writeFileSync(join(root, 'bench-results', 'peer-b.json'), JSON.stringify(peerOnly))
    writeFileSync(join(root, 'bench-results', 'broken.json'), '{')
    writeFileSync(join(root, 'bench-results', 'notes.txt'), 'x')
    expect(readBenchResults(join(root, 'bench-results')).map((r) => r.file)).toEqual(
      expect.arrayContaining(['bench-a.json', 'peer-b.json']),
    )
    expect(readBenchResults(join(root, 'bench-results'))).toHaveLength(2)
    expect(readBenchResults(join(root, 'missing'))).toEqual([])
    const file = writeBenchMarkdown(root)
    expect(file).toBe(join(root, 'docs', 'benchmarks.md'))
    expect(readFileSync(file, 'utf8')).toBe(benchMarkdown([full, peerOnly]))
  })

  it('records the machine a bench runs on', () => {
    const m = machineInfo()
    expect(m.cpus).toBeGreaterThan(0)
    expect(m.node).toBe(process.version)
    expect(typeof m.cpuModel).toBe('string')
  })
})
