// The trigger bench's realistic full run (docs/triggers.md#what-a-probe-costs): "this test fails, fix it" on a
// tiny module, done the way a coding agent does it. The agent loads the skill, runs the test and sees it fail,
// reads the test and the source, edits the bug away, runs the test again and answers: 7 model turns with
// the skill (6 without), every tool call executed by opencode in the case's work dir. Real sessions on such
// a task read, edit and re-run more than this; the demo's 3-turn run is the floor.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CaseScript, ScriptStep, ScriptedLlmOptions } from '../../src-main/demo/scripted-llm'

export const FIX_SKILL = 'fix-failing-test'
/** The answer the agent gives only when the test it ran last printed PASS. */
export const FIXED_ANSWER = 'Fixed the bug: the test passes now.'
const STILL_FAILING = 'I changed the code but the test still fails.'

const SKILL_MD = `---
name: ${FIX_SKILL}
description: Use when a test fails and the user asks to fix it. Reproduce the failure, read the test and the code it tests, make the smallest fix in the code (not the test), and run the test again.
---

# Fix a failing test

1. Run the failing test and read its error.
2. Read the test: it states the intended behaviour.
3. Read the code under test and find where it departs from that behaviour.
4. Fix the code with the smallest edit; never weaken the test.
5. Run the test again and report the result.
`

interface BuggyModule {
  /** The function the module exports (also the case id). */
  id: string
  module: string
  source: string
  buggy: string
  fixed: string
  asserts: string[]
}

const MODULES: BuggyModule[] = [
  {
    id: 'add',
    module: 'math',
    source: 'function add(a, b) {\n  return a - b\n}\n\nmodule.exports = { add }\n',
    buggy: 'return a - b',
    fixed: 'return a + b',
    asserts: ['assert.strictEqual(add(2, 3), 5)', 'assert.strictEqual(add(-1, 1), 0)'],
  },
  {
    id: 'capitalize',
    module: 'text',
    source:
      'function capitalize(word) {\n  return word.charAt(1).toUpperCase() + word.slice(1)\n}\n\nmodule.exports = { capitalize }\n',
    buggy: 'word.charAt(1)',
    fixed: 'word.charAt(0)',
    asserts: ["assert.strictEqual(capitalize('ship'), 'Ship')"],
  },
  {
    id: 'last',
    module: 'list',
    source: 'function last(items) {\n  return items[items.length]\n}\n\nmodule.exports = { last }\n',
    buggy: 'items[items.length]',
    fixed: 'items[items.length - 1]',
    asserts: ['assert.strictEqual(last([1, 2, 3]), 3)'],
  },
]

/** The test file: PASS is printed only when every assertion holds (a failing one exits non-zero). */
function testFile(m: BuggyModule): string {
  return [
    "const assert = require('node:assert')",
    `const { ${m.id} } = require('./${m.module}')`,
    '',
    ...m.asserts,
    `console.log('PASS ${testName(m)}')`,
    '',
  ].join('\n')
}

const testName = (m: BuggyModule): string => `${m.module}.test.js`
const prompt = (m: BuggyModule): string =>
  `\`node ${testName(m)}\` fails in this repo. Fix the bug so the test passes.`

/** One case's script: run the test, read test and source, edit, run again, answer from the last output. */
function caseScript(m: BuggyModule): CaseScript {
  const runTest: ScriptStep = {
    tool: 'bash',
    args: { command: `node ${testName(m)}`, description: `Run ${testName(m)}` },
  }
  const work: ScriptStep[] = [
    runTest,
    { tool: 'read', args: { filePath: testName(m) } },
    { tool: 'read', args: { filePath: `${m.module}.js` } },
    { tool: 'edit', args: { filePath: `${m.module}.js`, oldString: m.buggy, newString: m.fixed } },
    runTest,
    {
      compute: (ctx) => ({
        text: ctx.toolResults.at(-1)?.includes(`PASS ${testName(m)}`) ? FIXED_ANSWER : STILL_FAILING,
      }),
    },
  ]
  return {
    match: testName(m),
    withSkill: [{ tool: 'skill', args: { name: FIX_SKILL } }, ...work],
    withoutSkill: work,
  }
}

/** The scripted model for this scenario; its judge rewards a run whose last test run passed. */
export const fixTestModel: ScriptedLlmOptions = {
  skillName: FIX_SKILL,
  cases: MODULES.map(caseScript),
  judge: (text) =>
    JSON.stringify(
      text.includes(FIXED_ANSWER)
        ? { score: 90, reason: 'the test passes after a one-line fix' }
        : { score: 10, reason: 'the test still fails' },
    ),
}

/** Writes the skill and the dataset (each case's module and test as inline files) under `dir`. */
export function writeFixTestFiles(dir: string): {
  skillPath: string
  datasetPath: string
  queries: string[]
} {
  const skillPath = join(dir, FIX_SKILL)
  mkdirSync(skillPath, { recursive: true })
  writeFileSync(join(skillPath, 'SKILL.md'), SKILL_MD)
  const datasetPath = join(dir, 'fix-test-cases.jsonl')
  const cases = MODULES.map((m) => ({
    id: m.id,
    prompt: prompt(m),
    files: { [`${m.module}.js`]: m.source, [testName(m)]: testFile(m) },
  }))
  writeFileSync(datasetPath, cases.map((c) => JSON.stringify(c)).join('\n') + '\n')
  return { skillPath, datasetPath, queries: cases.map((c) => c.prompt) }
}
