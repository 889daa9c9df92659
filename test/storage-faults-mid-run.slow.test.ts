// A data folder (tmpfs) that fills while an agent runs (real opencode, scripted LLM): the command ends with
// "disk full" and the room needed, no stack trace, the database passes integrity_check, no run is left
// `running` or counted as failed, and after space is freed a plain start finishes the task. Slow (two agents on a loaded machine: 20–60 s): `npm run test:slow`.
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
    expect(res.stderr).not.toMatch(/unexpected error|SQLITE_|Failed query/)
    // The full disk failed opencode, not the agent: the command says so with the room it needs, and the
    // runs it interrupted wait (canceled), never counted as the side's failure.
    expect(res.code, res.stderr).toBe(2)
    expect(res.stderr).toMatch(
      /disk full at \S+ \([\d.]+ [KM]B free, at least [\d.]+ MB needed\): free at least/,
    )
    expect(t().integrity()).toBe('ok')
    const task = (await t().listed()).find((x) => x.name === 'mid-run')
    expect(task?.runs).toMatchObject({ running: 0, evaluating: 0, failed: 0 })
    expect((task?.runs.canceled ?? 0) + (task?.runs.pending ?? 0)).toBeGreaterThan(0)

    // With room again, a plain start executes exactly those runs.
    const again = await runCli(['run', t().config('mid-run', './one.jsonl')], env, world.root)
    expect([0, 1, 3], again.stderr).toContain(again.code)
    expect((await t().listed()).find((x) => x.name === 'mid-run')?.runs).toMatchObject({
      scored: 2,
      failed: 0,
    })
  })
})
