// Datasets: the three formats, case files, content hashes and every way a dataset is refused.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadDataset, selectCases } from './dataset'
import { inputError, jsonl, shown, tempTree } from './temp-files.fixture'

describe('loadDataset: good input', () => {
  it('reads JSON Lines with a BOM, CRLF, blank lines, inline files and a filesDir', () => {
    const dir = tempTree({
      'cases.jsonl':
        '\uFEFF' +
        [
          JSON.stringify({
            id: 'c1',
            prompt: 'Fix the bug',
            files: { './src//a.py': 'print(1)\n' },
            filesDir: 'fixtures/c1',
            tags: ['py'],
          }),
          '   ',
          JSON.stringify({ id: 2, prompt: 'Say hi', expectedOutput: 'hi', expectations: ['greets'] }),
          '',
        ].join('\r\n'),
      'fixtures/c1/README.md': '# readme\n',
      'fixtures/c1/lib/util.py': 'x = 1\n',
      'fixtures/c1/.git/HEAD': 'ignored',
    })
    const ds = loadDataset(join(dir, 'cases.jsonl'))
    expect(ds.format).toBe('jsonl')
    expect(ds.cases.map((c) => c.id)).toEqual(['c1', '2'])
    expect(ds.cases[0]).toMatchObject({
      prompt: 'Fix the bug',
      files: { 'README.md': '# readme\n', 'lib/util.py': 'x = 1\n', 'src/a.py': 'print(1)\n' },
      expectedOutput: null,
      expectations: [],
      tags: ['py'],
    })
    expect(Object.keys(ds.cases[0]?.files ?? {})).toEqual(['README.md', 'lib/util.py', 'src/a.py'])
    expect(ds.cases[1]).toMatchObject({ files: {}, expectedOutput: 'hi', expectations: ['greets'], tags: [] })
    expect(ds.cases[0]?.contentHash).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(Object.isFrozen(ds.cases[0]?.files)).toBe(true)
  })

  it('reads a JSON array', () => {
    const dir = tempTree({
      'cases.json': JSON.stringify(
        [
          { id: 'a', prompt: 'p1' },
          { id: 'b', prompt: 'p2' },
        ],
        null,
        2,
      ),
    })
    const ds = loadDataset(join(dir, 'cases.json'))
    expect(ds.format).toBe('json')
    expect(ds.cases.map((c) => [c.id, c.prompt])).toEqual([
      ['a', 'p1'],
      ['b', 'p2'],
    ])
  })

  it('reads a skill-creator evals/evals.json whose files resolve against the skill root', () => {
    const skill = tempTree({
      'SKILL.md': '---\nname: csv-helper\ndescription: d\n---\n',
      'evals/files/data.csv': 'a,b\n1,2\n',
      'evals/evals.json': JSON.stringify({
        skill_name: 'csv-helper',
        evals: [
          {
            id: 1,
            prompt: 'Sum column b',
            expected_output: '2',
            files: ['evals/files/data.csv'],
            expectations: ['says 2'],
          },
        ],
      }),
    })
    const ds = loadDataset(join(skill, 'evals', 'evals.json'))
    expect(ds.format).toBe('skill-creator')
    expect(ds.skillName).toBe('csv-helper')
    expect(ds.cases[0]).toMatchObject({
      id: '1',
      prompt: 'Sum column b',
      files: { 'evals/files/data.csv': 'a,b\n1,2\n' },
      expectedOutput: '2',
      expectations: ['says 2'],
    })
  })

  it('hashes content: an edit under the same id changes the hash, a tag or the format does not', () => {
    const hashOf = (name: string, text: string, extra: Record<string, string> = {}) =>
      loadDataset(join(tempTree({ [name]: text, ...extra }), name)).cases[0]?.contentHash
    const base = { id: 'c1', prompt: 'p', filesDir: 'f' }
    const h = hashOf('d.jsonl', jsonl(base), { 'f/a.txt': 'one' })
    expect(hashOf('d.json', JSON.stringify([{ ...base, tags: ['new'] }]), { 'f/a.txt': 'one' })).toBe(h)
    expect(hashOf('d.jsonl', jsonl(base), { 'f/a.txt': 'two' })).not.toBe(h)
    expect(hashOf('d.jsonl', jsonl({ ...base, prompt: 'p!' }), { 'f/a.txt': 'one' })).not.toBe(h)
  })
})

describe('loadDataset: bad input is refused whole, with every problem', () => {
  it('lists all problems of a file at once, with their lines', () => {
    const dir = tempTree({
      'cases.jsonl': jsonl(
        { id: 'a', prompt: 'p' },
        '{"id": "b", prompt: 1}',
        { id: true, prompt: 'p' },
        { id: 'a', prompt: 'q' },
        { id: 'c' },
      ),
    })
    const err = shown(
      inputError(() => loadDataset(join(dir, 'cases.jsonl'))),
      dir,
    )
    expect(err.problems).toEqual([
      expect.stringMatching(
        /^cases\.jsonl line 2, column 13: malformed JSON \(.+\): fix the line or remove it$/,
      ),
      expect.stringMatching(/line 3: "id" must be a string or a number \(got boolean true\)/),
      'cases.jsonl line 4: duplicate case id "a" (also on line 1): give each case its own id',
      expect.stringMatching(/line 5: "prompt" is missing \(case "c"\): every case needs/),
    ])
    expect(err.message).toMatch(/^cases\.jsonl: 4 problems \(nothing was imported\):\n {2}- /)
  })

  it('names unknown keys and suggests the right spelling', () => {
    const dir = tempTree({ 'd.jsonl': jsonl({ id: 'a', prompt: 'p', expected_output: 'x', colour: 1 }) })
    const err = shown(
      inputError(() => loadDataset(join(dir, 'd.jsonl'))),
      dir,
    )
    expect(err.problems).toEqual([
      'd.jsonl line 1: unknown key "expected_output" in case: did you mean "expectedOutput"?',
      expect.stringMatching(
        /line 1: unknown key "colour" in case: remove it \(known keys: id, prompt, files, filesDir/,
      ),
    ])
  })

  it('refuses a prompt over 1 MiB, naming the case, its line and the limit', () => {
    const big = 'p'.repeat(3 * 1024 * 1024)
    const dir = tempTree({ 'd.jsonl': jsonl({ id: 'a', prompt: 'ok' }, { id: 'b', prompt: big }) })
    expect(
      shown(
        inputError(() => loadDataset(join(dir, 'd.jsonl'))),
        dir,
      ).message,
    ).toBe(
      'd.jsonl line 2: "prompt" is 3 MiB (case "b"), over the 1 MiB limit: shorten the prompt; ' +
        'put long material in the case\'s files ("files" or "filesDir") and refer to it',
    )
  })

  it('refuses a dataset that is not UTF-8, naming the byte offset', () => {
    const bytes = Buffer.concat([
      Buffer.from('{"id": "a", "prompt": "ok"}\n{"id": "b", "prompt": "'),
      Buffer.from([0xff]),
      Buffer.from('"}\n'),
    ])
    const dir = tempTree({ 'd.jsonl': bytes })
    expect(
      shown(
        inputError(() => loadDataset(join(dir, 'd.jsonl'))),
        dir,
      ).message,
    ).toBe(
      'd.jsonl line 2: the dataset file is not UTF-8 text: invalid byte sequence at byte offset 51 (0xFF): save the file as UTF-8',
    )
  })

  it('puts an error on line 2 of a .json dataset on line 2, not at the end', () => {
    const lines = [
      '[',
      '  {"id": "a", "prompt": "p"},,',
      ...Array.from({ length: 5 }, (_, i) => `  {"id": "x${i}", "prompt": "p"},`),
      '  {"id": "z", "prompt": "p"}',
      ']',
    ]
    const dir = tempTree({ 'd.json': lines.join('\n') })
    expect(
      shown(
        inputError(() => loadDataset(join(dir, 'd.json'))),
        dir,
      ).message,
    ).toMatch(/^d\.json line 2, column 30: malformed JSON \(unexpected ',' where an element should be\)/)
  })

  it('refuses an empty dataset, a missing file and a folder', () => {
    const dir = tempTree({ 'd.jsonl': '\n  \n', 'e.json': '[]', 'skill/evals/evals.json': '{"evals": []}' })
    expect(
      shown(
        inputError(() => loadDataset(join(dir, 'd.jsonl'))),
        dir,
      ).message,
    ).toBe('d.jsonl: the dataset has no cases: add one case per line: {"id": "c1", "prompt": "…"}')
    expect(inputError(() => loadDataset(join(dir, 'e.json'))).message).toMatch(
      /e\.json: the dataset has no cases/,
    )
    expect(inputError(() => loadDataset(join(dir, 'nope.jsonl'))).message).toMatch(
      /nope\.jsonl: dataset file not found: check dataset\.path/,
    )
    expect(inputError(() => loadDataset(join(dir, 'skill'))).fix).toMatch(
      /point at the file inside it: .*evals\.json/,
    )
  })

  it('locates JSON syntax errors by line and column, and spots JSON Lines named .json', () => {
    const dir = tempTree({
      'a.json': '[\n {"id": "a",\n  "prompt": "p",}\n]',
      'b.json': '{"id": "a", "prompt": "p"}\n{"id": "b", "prompt": "q"}',
    })
    expect(
      shown(
        inputError(() => loadDataset(join(dir, 'a.json'))),
        dir,
      ).message,
    ).toMatch(/^a\.json line 3, column 16: malformed JSON \(a trailing comma/)
    expect(inputError(() => loadDataset(join(dir, 'b.json'))).fix).toBe(
      'this looks like JSON Lines (one case per line): name the file .jsonl',
    )
  })

  it('gives JSON array cases their line numbers', () => {
    const dir = tempTree({ 'd.json': '[\n  {"id": "a", "prompt": "p"},\n  {"id": "a", "prompt": "q"}\n]' })
    expect(
      shown(
        inputError(() => loadDataset(join(dir, 'd.json'))),
        dir,
      ).message,
    ).toBe('d.json line 3: duplicate case id "a" (also on line 2): give each case its own id')
  })

  it('keeps evals.json files inside the skill root', () => {
    const skill = tempTree({
      'evals/evals.json': JSON.stringify({
        skill_name: 's',
        evals: [{ id: 1, prompt: 'p', files: ['../x.csv', 'evals/none.csv'] }],
      }),
    })
    const err = inputError(() => loadDataset(join(skill, 'evals', 'evals.json')))
    expect(err.problems[0]).toMatch(
      /line 1: files: "\.\.\/x\.csv" uses "\.\." .*: list files inside the skill folder/,
    )
    expect(err.problems[1]).toMatch(
      /files: "evals\/none\.csv" not found: .*: fix the path \(it is relative to the skill folder\)/,
    )
  })

  it('honours an explicit skill root for evals.json', () => {
    const root = tempTree({
      'data/in.txt': 'hello',
      'elsewhere/evals.json': '{"evals": [{"id": 1, "prompt": "p", "files": ["data/in.txt"]}]}',
    })
    mkdirSync(join(root, 'empty'))
    const ds = loadDataset(join(root, 'elsewhere', 'evals.json'), { skillRoot: root })
    expect(ds.cases[0]?.files).toEqual({ 'data/in.txt': 'hello' })
  })
})

describe('selectCases', () => {
  const cases = loadDatasetFrom(
    jsonl({ id: 'c1', prompt: 'p' }, { id: 'c2', prompt: 'p' }, { id: 'c3', prompt: 'p' }),
  )

  it('keeps every case without ids, and the listed order with ids', () => {
    expect(selectCases(cases).map((c) => c.id)).toEqual(['c1', 'c2', 'c3'])
    expect(selectCases(cases, ['c3', 'c1']).map((c) => c.id)).toEqual(['c3', 'c1'])
  })

  it('refuses unknown and repeated ids by name, listing the known ones', () => {
    const err = inputError(() =>
      selectCases(cases, ['c1', 'c9', 'c1'], { datasetFile: 'cases.jsonl', configFile: 'task.json' }),
    )
    expect(err.problems).toEqual([
      'task.json: cases[1]: unknown case id "c9" (no such case in cases.jsonl): use one of: c1, c2, c3',
      'task.json: cases[2]: case "c1" is listed twice: list each case once',
    ])
    expect(err.field).toBe('cases[1]')
  })
})

function loadDatasetFrom(text: string) {
  return loadDataset(join(tempTree({ 'd.jsonl': text }), 'd.jsonl')).cases
}
