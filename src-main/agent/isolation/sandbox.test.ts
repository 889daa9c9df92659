// The sandbox itself (real bubblewrap, real proxy): what a wrapped command can and cannot read, write and reach.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxSupport, shellQuote, wrapInSandbox, type SandboxPolicy } from './sandbox'
import { probeSandbox } from './sandbox-proof'

let root = ''
let allowed: Server
let other: Server
const port = (s: Server): number => (s.address() as { port: number }).port

function listen(body: string): Promise<Server> {
  return new Promise((resolve) => {
    const s = createServer((_req, res) => res.end(body))
    s.listen(0, '127.0.0.1', () => resolve(s))
  })
}

async function run(policy: SandboxPolicy, script: string, cwd: string): Promise<string> {
  const wrapped = await wrapInSandbox(policy, {
    command: `bash -c ${shellQuote(script)}`,
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: cwd, TMPDIR: cwd },
    cwd,
  })
  try {
    // Not execFileSync: the sandbox's proxy runs in this process and must keep answering.
    const out = await promisify(execFile)(wrapped.bin, wrapped.args, {
      cwd,
      env: wrapped.env,
      timeout: 20_000,
    })
    return out.stdout
  } finally {
    wrapped.release()
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'skill-ab-sandbox-'))
  allowed = await listen('PROVIDER')
  other = await listen('JUDGE')
})
afterAll(() => {
  allowed?.close()
  other?.close()
  rmSync(root, { recursive: true, force: true })
})

describe.runIf(sandboxSupport().ok)('a sandboxed command', () => {
  it('reads its own dir inside a denied folder, not the rest of it; writes only where allowed; reaches only its host', async () => {
    const data = join(root, 'data')
    const own = join(data, 'tmp', 'run-1')
    const work = join(data, 'work', 'a-1')
    const otherSide = join(data, 'work', 'b-1')
    for (const d of [own, work, otherSide]) mkdirSync(d, { recursive: true })
    mkdirSync(join(root, 'cases'))
    writeFileSync(join(root, 'cases', 'dataset.jsonl'), 'EXPECTED-OUTPUT')
    writeFileSync(join(otherSide, 'notes.txt'), 'OTHER-SIDE')
    writeFileSync(join(own, 'mine.txt'), 'MINE')
    const policy: SandboxPolicy = {
      denyRead: [data, join(root, 'cases')],
      allowRead: [own],
      allowWrite: [own],
      allowedHosts: [`127.0.0.1:${port(allowed)}`],
    }
    const out = await run(
      policy,
      [
        `cat ${join(root, 'cases', 'dataset.jsonl')} || echo READ-DENIED`,
        `cat ${join(otherSide, 'notes.txt')} || echo OTHER-DENIED`,
        `cat ${join(own, 'mine.txt')}`,
        `echo w > ${join(own, 'w.txt')} && echo OWN-WRITTEN`,
        `echo w > ${join(work, 'w.txt')} && echo WORK-WRITTEN`,
        `echo x > ${join(root, 'x.txt')} || echo WRITE-DENIED`,
        `echo y > ${join(data, 'y.txt')}; ls ${data}`,
        `curl -sf -m 5 http://127.0.0.1:${port(allowed)}/ || echo PROVIDER-FAILED`,
        `curl -sf -m 5 http://127.0.0.1:${port(other)}/ || echo JUDGE-DENIED`,
        `curl -sf -m 5 https://example.com/ >/dev/null || echo WEB-DENIED`,
      ].join('\n'),
      work,
    )
    expect(out).not.toContain('EXPECTED-OUTPUT')
    expect(out).not.toContain('OTHER-SIDE')
    expect(out).not.toContain('JUDGE\n')
    for (const word of [
      'READ-DENIED',
      'OTHER-DENIED',
      'MINE',
      'OWN-WRITTEN',
      'WORK-WRITTEN',
      'WRITE-DENIED',
      'PROVIDER',
      'JUDGE-DENIED',
      'WEB-DENIED',
    ])
      expect(out).toContain(word)
    expect(existsSync(join(root, 'x.txt'))).toBe(false)
    // A write into a denied folder lands in the empty in-memory folder the sandbox shows there.
    expect(existsSync(join(data, 'y.txt'))).toBe(false)
    expect(readFileSync(join(work, 'w.txt'), 'utf8')).toBe('w\n')
  })

  it("the side's probe passes a sound policy and names what a leaky one lets through", async () => {
    const data = join(root, 'probe-data')
    const own = join(data, 'tmp', 'probe-b')
    mkdirSync(own, { recursive: true })
    writeFileSync(join(data, 'skill-ab.db'), 'DB')
    const dataset = join(root, 'probe-cases.jsonl')
    writeFileSync(dataset, 'EXPECTED')
    const sound: SandboxPolicy = {
      denyRead: [data, dataset, tmpdir()],
      allowRead: [own],
      allowWrite: [own],
      allowedHosts: [],
    }
    const probe = {
      cwd: own,
      env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: own, TMPDIR: own },
      forbiddenReads: [dataset, join(data, 'skill-ab.db')],
      forbiddenWriteIn: root,
    }
    expect(await probeSandbox({ ...probe, policy: sound })).toEqual({ ok: true })
    const leaky = { ...sound, denyRead: [data], allowWrite: [own, root] }
    const result = await probeSandbox({ ...probe, policy: leaky })
    expect(result).toMatchObject({ ok: false, ran: true })
    expect(!result.ok && result.message).toMatch(
      // The temp folder left open: a daemon's unix socket there is reached.
      new RegExp(
        `^the sandbox let a probe read ${dataset}; connect /.*/skill-ab-probe-[0-9a-f]+\\.sock; write ${root}/\\.skill-ab-sandbox-probe-`,
      ),
    )
  })
})
