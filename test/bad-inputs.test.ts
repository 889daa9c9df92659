// Bad inputs to `skill-ab run`: each refused with exit 2 and a message naming the problem (file, line and
// column, byte offset, field, limit), and nothing written: no task, run, skill version or instance row,
// no skill snapshot. No agent ever starts: every row is refused before the first run.
import { execFileSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../src-main/db'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'

let world: World

const good = {
  name: 't',
  skill: { path: './skill' },
  dataset: { path: './cases.jsonl' },
  agent: { model: 'scripted/agent' },
}
const lines = (n: number): string =>
  Array.from({ length: n }, (_, i) => `{"id":"c${i + 1}","prompt":"p${i + 1}"}`).join('\n')
/** A JSON array nested 100 000 levels deep (walking it recursively overflows the stack). */
const DEEP = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
const latin1 = (before: string, after: string): Buffer =>
  Buffer.concat([Buffer.from(before), Buffer.from([0xe9]), Buffer.from(after)])

beforeAll(() => {
  world = makeWorld('http://127.0.0.1:9/v1')
  writeSkill(world, 'skill', 'pirate-speak')
  world.write('noskill/README.md', 'no skill here\n')
  world.write('nodesc/SKILL.md', '---\nname: nodesc\n---\nbody\n')
  world.write('cases.jsonl', lines(3) + '\n')
  world.write('bad-line7.jsonl', `${lines(6)}\n{"id":"c7", "prompt": }\n`)
  world.write('dup.jsonl', '{"id":"a","prompt":"x"}\n{"id":"a","prompt":"y"}\n')
  world.write('noprompt.jsonl', '{"id":"a"}\n')
  world.write(
    'clash.jsonl',
    '{"id":"c1","prompt":"x"}\n{"id":"c2","prompt":"x","files":{"a":"1","a/b":"2"}}\n',
  )
  world.write('blank-prompt.jsonl', `${lines(1)}\n{"id":"c2","prompt":"\\u0001\\u0007 \\t\\u001b\\u200b"}\n`)
  world.write('colon.jsonl', '{"id":"a","prompt":"x","files":{"a:b.txt":"x"}}\n')
  world.write('escape.jsonl', '{"id":"a","prompt":"x"}\n{"id":"b","prompt":"x","filesDir":"../outside"}\n')
  world.write(
    'bad-line2.json',
    [
      '[',
      '  {"id": "c1", "prompt": "p1"},,',
      '  {"id": "c2", "prompt": "p2"},',
      '  {"id": "c3", "prompt": "p3"}',
      ']',
    ].join('\n'),
  )
  world.write(
    'big.jsonl',
    `${lines(1)}\n${JSON.stringify({ id: 'big', prompt: 'x'.repeat(2 * 1024 * 1024) })}\n`,
  )
  writeBytes('latin1.jsonl', latin1(`${lines(1)}\n{"id":"c2","prompt":"caf`, '"}\n'))
  world.write(
    'oc-bad.json',
    '{\n  "provider": {\n    "scripted": { "options": { "baseURL": "http://127.0.0.1:9/v1" } }\n  }\n  "model": "scripted/agent"\n}\n',
  )
  writeBytes('oc-latin1.json', latin1('{"provider": {"caf', '": {}}}'))
  world.write('oc-deep.json', `{"provider": ${DEEP}}`)
  execFileSync('mkfifo', [join(world.root, 'fifo.json')])
  world.write('a-file', 'x')
})
afterAll(() => world.cleanup())

function writeBytes(rel: string, bytes: Buffer): void {
  writeFileSync(join(world.root, rel), bytes)
}

/** Writes the row's config file holding `content` (an object as JSON, a string as text, bytes as they are). */
type Source = (file: string) => string
const config =
  (content: unknown): Source =>
  (file) => {
    const abs = join(world.root, file)
    writeFileSync(
      abs,
      typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content),
    )
    return abs
  }
const path =
  (p: string): Source =>
  () =>
    p

const rows: [string, Source, RegExp][] = [
  ['a config file that does not exist', path('nope.json'), /nope\.json/],
  ['malformed JSON in the config', config('{"name": "t",'), /line 1/],
  [
    'a comment on line 1 of a 20-line config (not "end of file")',
    config(`// my task\n${JSON.stringify(good, null, 2)}`),
    /row\d+\.json line 1, column 1: malformed JSON \(comments are not allowed in JSON\)/,
  ],
  [
    'a number too large for a double',
    config(
      `{"name":"t","skill":{"path":"./skill"},"dataset":{"path":"./cases.jsonl"},"agent":{"model":"scripted/agent"},"repeatRounds":1e999}`,
    ),
    /line 1, column 125: malformed JSON \(the number 1e999 is too large/,
  ],
  [
    'a config that is not UTF-8',
    config(latin1('{"name": "caf', `", "skill": {"path": "./skill"}}`)),
    /row\d+\.json line 1: the config file is not UTF-8 text: invalid byte sequence at byte offset 13 \(0xE9\)/,
  ],
  [
    'a FIFO as the config',
    path('fifo.json'),
    /fifo\.json: the config file is a FIFO \(named pipe\), not a file/,
  ],
  ['a device as the config', path('/dev/zero'), /\/dev\/zero: the config file is a device, not a file/],
  ['an unknown config key', config({ ...good, rounds: 3 }), /unknown key "rounds"/],
  [
    'a key given twice in the config (JSON.parse keeps the last)',
    config(
      `{\n  "name": "t",\n  "agent": {"model": "scripted/agent"},\n  ${JSON.stringify(good).slice(1, -1)}\n}`,
    ),
    /row\d+\.json line 4, column 3: the key "name" is given twice in one object \(first on line 2, column 3\): only the last would count: give each key once/,
  ],
  [
    'a config nested 100 000 levels deep',
    config(`{"name": ${DEEP}}`),
    /row\d+\.json: name: nests deeper than 64 levels \(lists and objects inside each other\): a config is a few levels deep/,
  ],
  [
    'a task name with a NUL',
    config({ ...good, name: 'a\u0000b' }),
    /name: character 2 is not printable \(U\+0000\)/,
  ],
  [
    'a task name 2 MB long',
    config({ ...good, name: 'n'.repeat(2_000_000) }),
    /name: is 2000000 characters long: use at most 200/,
  ],
  [
    'a skill label 10,000 characters long',
    config({ ...good, skill: { path: './skill', label: 'l'.repeat(10_000) } }),
    /skill\.label: is 10000 characters long: use at most 200/,
  ],
  [
    'a baseline label 10,000 characters long',
    config({ ...good, baseline: { kind: 'skill', path: './nodesc', label: 'l'.repeat(10_000) } }),
    /baseline\.label: is 10000 characters long: use at most 200/,
  ],
  [
    'an inline evaluator id 10,000 characters long',
    config({ ...good, evaluators: [{ id: 'e'.repeat(10_000), kind: 'command', command: 'true' }] }),
    /evaluators\[0\]\.id: is 10000 characters long: use at most 200/,
  ],
  [
    'a malformed dataset line',
    config({ ...good, dataset: { path: './bad-line7.jsonl' } }),
    /bad-line7\.jsonl.*line 7/,
  ],
  [
    'a .json dataset with an error on line 2 (not "line 5")',
    config({ ...good, dataset: { path: './bad-line2.json' } }),
    /bad-line2\.json line 2, column 32: malformed JSON/,
  ],
  [
    'a dataset that is not UTF-8',
    config({ ...good, dataset: { path: './latin1.jsonl' } }),
    /latin1\.jsonl line 2: the dataset file is not UTF-8 text: invalid byte sequence at byte offset 50 \(0xE9\)/,
  ],
  [
    'a FIFO as the dataset',
    config({ ...good, dataset: { path: './fifo.json' } }),
    /dataset\.path: is a FIFO \(named pipe\), not a file/,
  ],
  [
    'a prompt over 1 MiB',
    config({ ...good, dataset: { path: './big.jsonl' } }),
    /big\.jsonl line 2: "prompt" is 2 MiB \(case "big"\), over the 1 MiB limit/,
  ],
  [
    'a case file named "a:b.txt" (not "absolute": a colon Windows cannot hold)',
    config({ ...good, dataset: { path: './colon.jsonl' } }),
    /colon\.jsonl line 1: files\["a:b\.txt"\]: the path holds a colon, which Windows does not allow in a file name \("a:" names a drive there\): rename the file without ":"/,
  ],
  ['a duplicate case id', config({ ...good, dataset: { path: './dup.jsonl' } }), /duplicate.*"a"/i],
  ['a case without prompt', config({ ...good, dataset: { path: './noprompt.jsonl' } }), /prompt/],
  [
    'a prompt of control characters and whitespace only',
    config({ ...good, dataset: { path: './blank-prompt.jsonl' } }),
    /blank-prompt\.jsonl line 2: "prompt" has no visible text \(case "c2"\), only control characters and whitespace: every case needs/,
  ],
  [
    'a NUL character in a path (not ERR_INVALID_ARG_VALUE)',
    config({ ...good, skill: { path: './sk\u0000ill' } }),
    /skill\.path: holds a NUL character \(U\+0000\) at character 5, which no path can: remove it/,
  ],
  ['a skill folder without SKILL.md', config({ ...good, skill: { path: './noskill' } }), /SKILL\.md/],
  ['a SKILL.md without description', config({ ...good, skill: { path: './nodesc' } }), /description/],
  [
    'a baseline that is the same skill snapshot as the skill under test',
    config({ ...good, baseline: { kind: 'skill', path: './skill', label: 'v0' } }),
    /baseline\.path: a and b are the same skill \(pirate-speak, sha256:/,
  ],
  [
    'a malformed opencode config (not repaired)',
    config({ ...good, agent: { ...good.agent, opencodeConfig: './oc-bad.json' } }),
    /oc-bad\.json line 5, column 3: malformed opencode config \(expected ',' or '}' after a property/,
  ],
  [
    'an opencode config that is not UTF-8',
    config({ ...good, agent: { ...good.agent, opencodeConfig: './oc-latin1.json' } }),
    /oc-latin1\.json line 1: the opencode config is not UTF-8 text: invalid byte sequence at byte offset 18/,
  ],
  [
    'an opencode config nested 100 000 levels deep',
    config({ ...good, agent: { ...good.agent, opencodeConfig: './oc-deep.json' } }),
    /oc-deep\.json: provider: nests deeper than 64 levels/,
  ],
  [
    'a FIFO as the opencode config',
    config({ ...good, agent: { ...good.agent, opencodeConfig: './fifo.json' } }),
    /agent\.opencodeConfig: is a FIFO \(named pipe\), not a file/,
  ],
  [
    'an unknown evaluator',
    config({ ...good, evaluators: [{ id: 'nope' }] }),
    /evaluators\[0\]\.id: unknown evaluator "nope"/,
  ],
  [
    'a filesDir escaping the dataset folder (found after the skill was read)',
    config({ ...good, dataset: { path: './escape.jsonl' } }),
    /filesDir.*outside|escap|leave/i,
  ],
  [
    'a case selection naming an unknown id (found after the skill was read)',
    config({ ...good, cases: ['c1', 'zz'] }),
    /unknown case id "zz"/,
  ],
  ['a model without provider', config({ ...good, agent: { model: 'gpt' } }), /agent\.model/],
  ['repeatRounds out of range', config({ ...good, repeatRounds: 0 }), /repeatRounds/],
  [
    'a negative dollar cap',
    config({ ...good, budget: { maxCostUsd: -1 } }),
    /budget\.maxCostUsd: must be a number above 0 \(got -1\)/,
  ],
  [
    'case files that cannot both be written ("a" and "a/b"), named by line',
    config({ ...good, dataset: { path: './clash.jsonl' } }),
    /clash\.jsonl line 2: "a" is a file and also the folder of "a\/b" \(case "c2"\): rename one/,
  ],
  [
    'a dollar cap on a model with no price (found before the task is written)',
    config({
      ...good,
      agent: { model: 'scripted/free' },
      judge: { model: 'scripted/judge' },
      budget: { maxCostUsd: 1 },
    }),
    /budget\.maxCostUsd \(--max-cost\): the agent model's prices are unknown/,
  ],
  [
    "a provider that does not answer (doctor's ping, before the task is written)",
    config(good),
    /provider scripted: unreachable at http:\/\/127\.0\.0\.1:9\/v1 \(ECONNREFUSED\), so no run was started: start the provider/,
  ],
  [
    'repeatRounds beside adaptiveRounds (the start line counted repeatRounds, adaptiveRounds ran)',
    config({ ...good, repeatRounds: 1, adaptiveRounds: { min: 2, max: 6 } }),
    /row\d+\.json: repeatRounds: given beside adaptiveRounds, which decides every case's rounds .*, so repeatRounds would be ignored: drop "repeatRounds"/,
  ],
]

/** What a refused input left behind in its data dir: snapshots, rows of task, run, skill version, instance. */
function leftBehind(dataDir: string): Record<string, number> {
  const found: Record<string, number> = {}
  if (existsSync(join(dataDir, 'skills'))) found.snapshots = 1
  if (!existsSync(join(dataDir, 'skill-ab.db'))) return found
  const store = openStore(dataDir)
  try {
    for (const table of ['grayscale_task', 'run', 'skill_version', 'instance']) {
      const { n } = store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }
      if (n) found[table] = n
    }
  } finally {
    store.close()
  }
  return found
}

// Rows run side by side (each with its own config file and data dir): no row starts an agent, and the
// CLI's start-up is most of each row's time.
describe.concurrent('skill-ab run refuses bad input, writing nothing', () => {
  it.each(rows.map((row, i) => [...row, i] as const))(
    '%s',
    async (_what, source, pattern, i) => {
      const dataDir = join(world.root, `data-${i}`)
      const res = await runCli(
        ['run', source(`row${i}.json`)],
        { ...world.env, SKILL_AB_HOME: dataDir },
        world.root,
      )
      expect(res.code, res.stderr).toBe(2)
      expect(res.stderr).toMatch(pattern)
      expect(res.stderr).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/) // no stack trace
      expect(leftBehind(dataDir)).toEqual({})
    },
    60_000,
  )

  it('a data dir that cannot be created', async () => {
    const res = await runCli(
      ['run', world.write('ok.json', JSON.stringify(good))],
      { ...world.env, SKILL_AB_HOME: `${world.root}/a-file/data` },
      world.root,
    )
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/data folder .*a-file\/data.*SKILL_AB_HOME/)
  })

  // A numeric flag is a plain decimal number: Number() read 0x10 as 16, 1e1 as 10 and " " as 0. The data dir
  // cannot be made, so a flag taken by mistake ends the command at once (serve would otherwise keep serving).
  it.each([
    [['run'], /missing <config\.json>/],
    [['run', 'x.json', '--nope'], /unknown option --nope/],
    [['run', 'x.json', '--rerun', 'some'], /--rerun takes/],
    [['frobnicate'], /unknown command/],
    [['run', 'x.json', '--max-cost', '0x10'], /--max-cost takes an amount in USD above 0, .*not "0x10"/],
    [['run', 'x.json', '--max-cost', '1e1'], /--max-cost takes an amount in USD above 0, .*not "1e1"/],
    [['run', 'x.json', '--max-cost', ' '], /--max-cost takes an amount in USD above 0, .*not " "/],
    [['run', 'x.json', '--trial', '0x2'], /--trial takes a number of cases ≥ 1, .*not "0x2"/],
    [['run', 'x.json', '--trial', ' 2'], /--trial takes a number of cases ≥ 1, .*not " 2"/],
    [['serve', '--port', '0x1F90'], /--port takes a port number \(0–65535\), .*not "0x1F90"/],
    [['serve', '--port', ' '], /--port takes a port number \(0–65535\), .*not " "/],
  ])('usage error: %j', async (args, pattern) => {
    const res = await runCli(args, { ...world.env, SKILL_AB_HOME: `${world.root}/a-file/data` }, world.root)
    expect(res.code, res.stderr).toBe(2)
    expect(res.stderr).toMatch(pattern)
  })

  it('run --help', async () => {
    const help = await runCli(['run', '--help'], world.env, world.root)
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Usage: skill-ab run')
  })
})
