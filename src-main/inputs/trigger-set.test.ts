// Trigger sets: our JSON Lines and arrays, skill-creator's files as they are, and every way a set is refused.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadTriggerSet } from './trigger-set'
import { inputError, shown, tempTree } from './temp-files.fixture'

describe('loadTriggerSet', () => {
  it('reads JSON Lines with ids, blank lines and CRLF', () => {
    const dir = tempTree({
      'set.jsonl':
        '{"id": "pdf", "query": "merge these PDFs", "shouldTrigger": true}\r\n\r\n' +
        '{"id": 7, "query": "what time is it?", "shouldTrigger": false}\n',
    })
    expect(loadTriggerSet(join(dir, 'set.jsonl')).queries).toEqual([
      { id: 'pdf', query: 'merge these PDFs', shouldTrigger: true },
      { id: '7', query: 'what time is it?', shouldTrigger: false },
    ])
  })

  it("reads skill-creator's trigger eval files as they are; queries without an id are numbered", () => {
    const dir = tempTree({
      'trigger_eval.json': JSON.stringify(
        [
          { query: 'Create a skill for PDF extraction', should_trigger: true },
          { query: "What's the weather tomorrow?", should_trigger: false },
        ],
        null,
        2,
      ),
      'evals.json': JSON.stringify({ evals: [{ prompt: 'Improve this SKILL.md', should_trigger: true }] }),
    })
    expect(loadTriggerSet(join(dir, 'trigger_eval.json')).queries).toEqual([
      { id: '1', query: 'Create a skill for PDF extraction', shouldTrigger: true },
      { id: '2', query: "What's the weather tomorrow?", shouldTrigger: false },
    ])
    expect(loadTriggerSet(join(dir, 'evals.json')).queries).toEqual([
      { id: '1', query: 'Improve this SKILL.md', shouldTrigger: true },
    ])
  })

  it('reads a one-query-per-line file whatever its name, and a whole array in a .txt', () => {
    const dir = tempTree({
      'set.txt': '{"query": "a", "shouldTrigger": true}\n{"query": "b", "shouldTrigger": false}\n',
      'array.txt': '[{"query": "a", "shouldTrigger": true}]',
    })
    expect(loadTriggerSet(join(dir, 'set.txt')).queries).toHaveLength(2)
    expect(loadTriggerSet(join(dir, 'array.txt')).queries).toHaveLength(1)
  })

  it('names every bad line at once: the line, the field and what to write', () => {
    const dir = tempTree({
      'set.jsonl': [
        '{"query": "ok", "shouldTrigger": true}',
        '{"query": "no flag"}',
        '{"query": "", "shouldTrigger": true}',
        '{"query": "typo", "shouldTrigger": "yes"}',
        '{"query": "ok", "shouldTrigger": true', // unclosed
        '{"id": "1", "query": "same id", "shouldTrigger": false}',
        '"just text"',
      ].join('\n'),
    })
    const err = inputError(() => loadTriggerSet(join(dir, 'set.jsonl')))
    expect(shown(err, dir).problems).toEqual([
      expect.stringMatching(/^set\.jsonl line 5, column 38: malformed JSON/),
      expect.stringMatching(
        /^set\.jsonl line 2: "shouldTrigger" is missing: say whether the skill should be used/,
      ),
      expect.stringMatching(/^set\.jsonl line 3: "query" must be a non-empty text/),
      expect.stringMatching(/^set\.jsonl line 4: "shouldTrigger" must be true or false \(got "yes"\)/),
      'set.jsonl line 6: duplicate query id "1" (also on line 1): give each query its own id',
      expect.stringMatching(/^set\.jsonl line 7: a query must be an object/),
    ])
    expect(err.details.map((d) => d.field)).toEqual([
      undefined,
      'shouldTrigger',
      'query',
      'shouldTrigger',
      'id',
      undefined,
    ])
  })

  it('refuses an empty set, a .json that is not a list, and JSON Lines named .json', () => {
    const dir = tempTree({
      'empty.jsonl': '\n\n',
      'object.json': '{"queries": []}',
      'lines.json': '{"query": "a", "shouldTrigger": true}\n{"query": "b", "shouldTrigger": true}\n',
    })
    expect(inputError(() => loadTriggerSet(join(dir, 'empty.jsonl'))).message).toMatch(/has no queries/)
    expect(inputError(() => loadTriggerSet(join(dir, 'object.json'))).message).toMatch(
      /must be a JSON array of queries/,
    )
    expect(inputError(() => loadTriggerSet(join(dir, 'lines.json'))).message).toMatch(
      /looks like JSON Lines.*name the file \.jsonl/,
    )
    expect(inputError(() => loadTriggerSet(join(dir, 'missing.jsonl'))).message).toMatch(/trigger set/)
  })
})
