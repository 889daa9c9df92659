// A data folder (tmpfs) that fills while an agent runs (real opencode, scripted LLM): the command ends with a
// clear message and no stack trace, the database passes integrity_check, and after space is freed no run
// is left `running` or `evaluating`. Slow (two agents on a loaded machine: 20–60 s): `npm run test:slow`.
import { describe, expect, it } from 'vitest'
import { runCli } from './support/fixtures'
import { tmpfsUnavailable } from './support/tmpfs'
import { useTmpfsWorld } from './support/tmpfs-world'

const noTmpfs = tmpfsUnavailable()

describe.skipIf(noTmpfs !== null)(`disk full mid-run${noTmpfs ? ` (SKIPPED: ${noTmpfs})` : ''}`, () => {
  const t = useTmpfsWorld({ delayMs: 1500 })

  it('a clear end, the database intact, and after freeing space no run is left running', async () => {
    const { world, fs, env, llm } = t()
    world.write('one.jsonl', '{"id":"c1","prompt":"Say hello."}\n')
    let done = false
    const run = runCli(['run', t().config('mid-run', './one.jsonl')], env, world.root).finally(() => {
      done = true
    })
    // Fill the disk once the first agent has asked the model (its answer is delayed 1.5 s).
    while (!done && !llm.requests.some((r) => r.kind === 'agent')) await new Promise((r) => setTimeout(r, 50))
    fs.fill(0)
    const res = await run
    fs.unfill()

    expect(
      llm.requests.some((r) => r.kind === 'agent'),
      res.stderr,
    ).toBe(true)
    expect(res.stderr).not.toMatch(/\n\s+at .*:\d+:\d+/)
    expect(res.stderr).not.toMatch(/unexpected error|SQLITE_/)
    // Measured: opencode fails on the full disk, so both runs end failed (agent_error) and the command
    // says "no run executed"; a write of ours that hits the full disk says "disk full at <dir>".
    if (res.code === 2) expect(res.stderr).toMatch(/disk full at .*data|no run executed/)
    expect(t().integrity()).toBe('ok')
    const task = (await t().listed()).find((x) => x.name === 'mid-run')
    expect(task).toBeDefined()
    expect(task?.runs.running ?? 0).toBe(0)
    expect(task?.runs.evaluating ?? 0).toBe(0)
  })
})
