// Command evaluators: only in the finished work dir, exit code → score, timeouts, cancel, nothing left running.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createServer } from 'node:http'
import { OWNER_MARKER_VAR, RUN_MARKER_VAR } from '../agent/isolation/run-env'
import { sandboxSupport } from '../agent/isolation/sandbox'
import { runCommandEvaluator } from './command-evaluator'
import type { EvaluatorSpec } from './evaluators'

const root = mkdtempSync(join(tmpdir(), 'skill-ab-cmd-test-'))
const workDir = join(root, 'work')
mkdirSync(workDir)
writeFileSync(join(workDir, 'a.txt'), 'hello\n')
afterAll(() => rmSync(root, { recursive: true, force: true }))

const spec = (command: string): EvaluatorSpec => ({
  id: 'check',
  kind: 'command',
  version: 'inline:x',
  fingerprint: 'sha256:x',
  scale: 100,
  weight: 1,
  command,
})
const live = () => new AbortController().signal

function alive(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z')
  } catch {
    return false
  }
}

describe('runCommandEvaluator', () => {
  it('exit 0 → 100 and exit 3 → 0, output (stdout and stderr) kept, run in the work dir', async () => {
    const ok = await runCommandEvaluator(spec('pwd; cat a.txt; echo warn >&2'), workDir, live(), {
      timeoutSec: 10,
    })
    expect(ok).toMatchObject({
      status: 'done',
      score: 100,
      retryable: false,
      error: null,
      parseStrategy: null,
    })
    expect(ok.rawOutput).toContain(`${workDir}\nhello\n`)
    expect(ok.rawOutput).toContain('warn\n')
    expect(ok.condensedInput).toContain('$ pwd; cat a.txt; echo warn >&2')
    const bad = await runCommandEvaluator(spec('exit 3'), workDir, live(), { timeoutSec: 10 })
    expect(bad).toMatchObject({ status: 'done', score: 0, reason: 'the command exited with code 3' })
  })

  it('gets a minimal env: PATH, LANG, a private HOME; none of the app’s variables', async () => {
    process.env.SKILL_AB_TEST_SECRET_TOKEN = 'sk-should-not-leak'
    try {
      const r = await runCommandEvaluator(spec('env'), workDir, live(), { timeoutSec: 10 })
      const names = r.rawOutput
        .trim()
        .split('\n')
        .map((l) => l.split('=')[0])
        .sort()
      expect(names).toEqual(expect.arrayContaining(['HOME', 'LANG', 'PATH']))
      expect(r.rawOutput).not.toContain('sk-should-not-leak')
      expect(r.rawOutput).not.toContain(`HOME=${process.env.HOME ?? ''}\n`)
    } finally {
      delete process.env.SKILL_AB_TEST_SECRET_TOKEN
    }
  })

  it('keeps only the last 16 KB of output', async () => {
    const r = await runCommandEvaluator(spec('yes line | head -c 100000; echo END'), workDir, live(), {
      timeoutSec: 10,
    })
    expect(r.rawOutput.length).toBeLessThanOrEqual(16 * 1024)
    expect(r.rawOutput.endsWith('END\n')).toBe(true)
  })

  it('a timeout stops the whole group and counts as 0', async () => {
    const started = Date.now()
    const r = await runCommandEvaluator(spec('echo $$ > pid.txt; sleep 30'), workDir, live(), {
      timeoutSec: 1,
    })
    expect(r).toMatchObject({ status: 'done', score: 0, retryable: false })
    expect(r.reason).toMatch(/did not finish within 1 s/)
    expect(Date.now() - started).toBeLessThan(6000)
    expect(alive(Number(readFileSync(join(workDir, 'pid.txt'), 'utf8')))).toBe(false)
  })

  it('a background job left by the command is killed, and does not hold the result back', async () => {
    const started = Date.now()
    const r = await runCommandEvaluator(spec('sleep 30 & echo $! > bg.txt; echo started'), workDir, live(), {
      timeoutSec: 20,
    })
    expect(r).toMatchObject({ status: 'done', score: 100 })
    expect(Date.now() - started).toBeLessThan(5000)
    expect(alive(Number(readFileSync(join(workDir, 'bg.txt'), 'utf8')))).toBe(false)
  })

  it("carries the app's owner marker (the next start kills it if the app dies) and a run marker", async () => {
    const env = { PATH: process.env.PATH, [OWNER_MARKER_VAR]: 'inst_owner', SECRET_TOKEN: 'sk-x' }
    const r = await runCommandEvaluator(spec('env'), workDir, live(), { timeoutSec: 10, env, runRoot: root })
    expect(r.rawOutput).toContain(`${OWNER_MARKER_VAR}=inst_owner\n`)
    expect(r.rawOutput).toMatch(new RegExp(`^${RUN_MARKER_VAR}=${root}/skill-ab-cmd-`, 'm'))
    expect(r.rawOutput).not.toContain('sk-x')
  })

  it('a cancel also kills what the command moved out of its process group', async () => {
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 500)
    const r = await runCommandEvaluator(
      spec('setsid sleep 30 & echo $! > setsid.txt; sleep 30'),
      workDir,
      ac.signal,
      {
        timeoutSec: 60,
      },
    )
    expect(r.error).toBe('canceled')
    const stray = Number(readFileSync(join(workDir, 'setsid.txt'), 'utf8'))
    await vi.waitFor(() => expect(alive(stray)).toBe(false))
  })

  it('cancel is a failed, not retryable attempt', async () => {
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 300)
    const r = await runCommandEvaluator(spec('sleep 30'), workDir, ac.signal, { timeoutSec: 60 })
    expect(r).toMatchObject({ status: 'failed', score: null, retryable: false, error: 'canceled' })
  })

  it('is refused without a usable work dir, and never runs elsewhere', async () => {
    const marker = join(root, 'ran-elsewhere')
    for (const dir of [null, join(root, 'gone'), join(workDir, 'a.txt')]) {
      const r = await runCommandEvaluator(spec(`touch ${marker}`), dir, live(), { timeoutSec: 10 })
      expect(r).toMatchObject({ status: 'failed', retryable: false, score: null })
      expect(r.error).toMatch(/^command evaluator "check" not run: /)
    }
    expect(readdirSync(root)).not.toContain('ran-elsewhere')
  })
})

describe.runIf(sandboxSupport().ok)('a command evaluator in the sandbox', () => {
  it('runs what the agent left in its work dir with the work dir only: no answer key, no network', async () => {
    const secretDir = join(root, 'cases')
    mkdirSync(secretDir)
    writeFileSync(join(secretDir, 'dataset.jsonl'), 'EXPECTED-4417')
    const server = createServer((_req, res) => res.end('SERVICE-4417'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as { port: number }).port
    // What an agent could leave for the check to run: it reads the answer key and phones home.
    writeFileSync(
      join(workDir, 'check.sh'),
      `cat ${secretDir}/dataset.jsonl; curl -s -m 3 http://127.0.0.1:${port}/; cat a.txt; echo w > out.txt && echo wrote`,
    )
    const sandbox = { denyRead: [secretDir], allowRead: [], allowWrite: [], allowedHosts: [] }
    try {
      const res = await runCommandEvaluator(spec('sh check.sh'), workDir, live(), { timeoutSec: 30, sandbox })
      expect(res.rawOutput).toContain('hello\nwrote')
      expect(res.rawOutput).not.toContain('EXPECTED-4417')
      expect(res.rawOutput).not.toContain('SERVICE-4417')
    } finally {
      server.close()
    }
  })
})
