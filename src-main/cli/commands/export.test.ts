// `skill-ab export` with a fake Io on a temp data dir: stdout / --out / --markdown / --junit /
// --benchmark-json, exit codes, no secrets.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, type TaskRow } from '../../db'
import { seedTask } from '../../db/store.fixture'
import { drive, seedExportTask } from '../../export/task.fixture'
import { exportSchema } from '../../../src-shared/export'
import { captureIo, type CapturedIo } from '../capture-io.fixture'
import { mountTmpfs, tmpfsUnavailable } from '../../../test/support/tmpfs'
import { main } from '../main'

const noTmpfs = tmpfsUnavailable()

const SECRET = 'sk-cli-secret-abcdef0123456789'

let home: string
let env: NodeJS.ProcessEnv
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'skill-ab-export-'))
  const bin = join(home, 'fake-opencode')
  writeFileSync(bin, '#!/bin/sh\necho 1.2.3\n')
  chmodSync(bin, 0o755)
  env = {
    PATH: process.env.PATH,
    SKILL_AB_HOME: join(home, 'data'),
    SKILL_AB_OPENCODE_BIN: bin,
    OPENAI_API_KEY: SECRET,
  }
})
afterEach(() => rmSync(home, { recursive: true, force: true }))

const fakeIo = (): CapturedIo => captureIo(env, home)

async function run(argv: string[]) {
  const io = fakeIo()
  const code = await main(['export', ...argv], io)
  return { code, stdout: io.stdout, stderr: io.stderr }
}

/** Seeds the data dir through a store of its own, closed before the command opens it. */
function seed<T>(fn: (store: ReturnType<typeof openStore>) => T): T {
  const store = openStore(env.SKILL_AB_HOME as string)
  try {
    return fn(store)
  } finally {
    store.close()
  }
}

function seedScored(name = 'pirate v2 vs none'): TaskRow {
  return seed((store) => {
    const providerFile = join(home, 'opencode.json')
    writeFileSync(providerFile, JSON.stringify({ provider: { openai: { options: { apiKey: SECRET } } } }))
    const { task, runs } = seedExportTask(store, {
      name,
      config: { agent: { model: 'openai/gpt', opencodeConfig: providerFile } },
    })
    for (const r of runs) drive(store, r.id, 'scored', { score: r.side === 'a' ? 50 : 60 })
    return task
  })
}

describe('skill-ab export', () => {
  it('--full adds what the judge read of every run (blinded, capped); a plain export has none of it', async () => {
    seedScored()
    const plain = exportSchema.parse(JSON.parse((await run(['pirate v2 vs none'])).stdout))
    expect(plain.full).toBeUndefined()
    expect(plain.runs.some((r) => r.review)).toBe(false)
    const r = await run(['pirate v2 vs none', '--full'])
    expect(r.code).toBe(0)
    const doc = exportSchema.parse(JSON.parse(r.stdout))
    expect(doc.full).toEqual({ caps: { finalOutput: 8000, trajectory: 12000, diff: 16000 }, blinded: true })
    expect(doc.runs.map((x) => x.review?.truncated.diff)).toEqual(Array(8).fill(false))
  })

  it('prints the pretty-printed document to stdout, by task name; exit 0; no secret in it', async () => {
    const task = seedScored()
    const r = await run(['pirate v2 vs none'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^\{\n {2}"schema": "skill-ab\/export@2",\n/)
    const doc = exportSchema.parse(JSON.parse(r.stdout))
    expect(doc.task.id).toBe(task.id)
    expect(doc.environment).toMatchObject({
      opencodeVersion: '1.2.3',
      agentModel: 'openai/gpt',
      app: '0.1.0',
    })
    expect(doc.runs).toHaveLength(8)
    expect(r.stdout).not.toContain(SECRET)
    expect(r.stderr).toBe('')
  })

  it('--out writes the JSON file and --markdown the summary; nothing on stdout', async () => {
    const task = seedScored()
    const r = await run([task.id, '--out', 'x.json', '--markdown', 'x.md'])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain('x.json')
    const text = readFileSync(join(home, 'x.json'), 'utf8')
    expect(exportSchema.safeParse(JSON.parse(text)).success).toBe(true)
    expect(text).not.toContain(SECRET)
    const md = readFileSync(join(home, 'x.md'), 'utf8')
    expect(md).toContain('| c1 | 50.0 | 60.0 | +10.0 | scored | scored |')
    expect(md).toContain('| c2 | 50.0 | 60.0 | +10.0 | scored | scored |')
  })

  it('--junit writes the JUnit report for CI: a test case per case with its scores, and the verdict', async () => {
    const task = seedScored()
    const r = await run([task.id, '--out', 'x.json', '--junit', 'report.xml'])
    expect(r.code).toBe(0)
    expect(r.stderr).toContain('JUnit report written to report.xml')
    const xml = readFileSync(join(home, 'report.xml'), 'utf8')
    expect(xml).toContain('name="c1"><system-out>a 50.0 (scored), b 60.0 (scored), lift 10.0</system-out>')
    expect(xml).toMatch(/<testcase classname="pirate v2 vs none" name="verdict">/)
    expect(xml).not.toContain(SECRET)
  })

  it("--benchmark-json writes skill-creator's benchmark.json: side a without_skill, side b with_skill", async () => {
    const task = seedScored()
    const r = await run([task.id, '--out', 'x.json', '--benchmark-json', 'benchmark.json'])
    expect([r.code, r.stderr]).toEqual([
      0,
      expect.stringContaining('benchmark.json written to benchmark.json'),
    ])
    const bench = JSON.parse(readFileSync(join(home, 'benchmark.json'), 'utf8')) as {
      runs: { eval_name: string; configuration: string; result: { pass_rate: number } }[]
      run_summary: { delta: { pass_rate: string } }
    }
    expect(
      bench.runs.filter((x) => x.eval_name === 'c1').map((x) => [x.configuration, x.result.pass_rate]),
    ).toEqual(
      expect.arrayContaining([
        ['without_skill', 0.5],
        ['with_skill', 0.6],
      ]),
    )
    expect(bench.run_summary.delta.pass_rate).toBe('+0.10')
  })

  it('unknown task: exit 2, "no task …" with the known tasks listed', async () => {
    const task = seedScored()
    const r = await run(['nope', '--out', 'x.json'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^skill-ab export: no task "nope"/)
    expect(r.stderr).toContain(task.id)
    expect(r.stdout).toBe('')
    expect(existsSync(join(home, 'x.json'))).toBe(false)
  })

  it('ambiguous name (same name, two skill versions): exit 2 listing both ids', async () => {
    const [v1, v2] = seed((store) => [seedTask(store, 'shared', 'v1'), seedTask(store, 'shared', 'v2')])
    const r = await run(['shared'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('ambiguous')
    expect(r.stderr).toContain(v1?.id)
    expect(r.stderr).toContain(v2?.id)
    // Either id exports.
    expect((await run([v2?.id ?? ''])).code).toBe(0)
  })

  it('an unwritable --out is exit 2 with the file named', async () => {
    const task = seedScored()
    const r = await run([task.id, '--out', 'missing-dir/x.json'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('cannot write the export to')
    expect(r.stderr).toContain('missing-dir/x.json')
  })

  it.skipIf(!existsSync('/dev/full'))(
    'a device under --out is refused before anything is written',
    async () => {
      const task = seedScored()
      const r = await run([task.id, '--out', '/dev/full'])
      expect(r.code).toBe(2)
      expect(r.stderr).toBe(
        'skill-ab export: cannot write the export to /dev/full: it is not a regular file (a device, a pipe or a socket): name a file\n(nothing was run or written)\n',
      )
    },
  )

  it.skipIf(noTmpfs !== null)(
    'a disk that fills while writing is exit 2 saying so, no half file left',
    async () => {
      const task = seedScored()
      const disk = mountTmpfs(64)
      try {
        disk.fill(512)
        const out = join(disk.dir, 'export.json')
        const r = await run([task.id, '--out', out])
        expect(r.code).toBe(2)
        expect(r.stderr).toBe(
          `skill-ab export: cannot write the export to ${out}: the disk is full (ENOSPC): free space and export again\n`,
        )
        expect(readdirSync(disk.dir)).toEqual(['filler'])
      } finally {
        disk.unmount()
      }
    },
  )

  it('usage errors: no task, extra arguments, a flag without a file', async () => {
    for (const [argv, said] of [
      [[], /^skill-ab export: missing <task>/],
      [['a', 'b'], /^skill-ab export: unexpected argument "b"/],
      [['a', '--out'], /^skill-ab export: --out needs a value/],
    ] as const) {
      const r = await run([...argv])
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(said)
      expect(r.stderr).toContain('Usage: skill-ab export <task> [--full] [--out f.json] [--markdown f.md]')
    }
  })

  it('no opencode binary: opencodeVersion is null', async () => {
    const task = seedScored()
    env.SKILL_AB_OPENCODE_BIN = join(home, 'does-not-exist')
    const r = await run([task.id])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).environment.opencodeVersion).toBeNull()
  })
})
