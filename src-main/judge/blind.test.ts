// Blind judging: what the judge's copy of a run leaves out and redacts, the same way on both sides.
import { describe, expect, it } from 'vitest'
import type { AgentEvent } from '../agent/types'
import { blindRun, type BlindSpec, type JudgedRun } from './blind'
import { REDACTED } from './copied-passages'

const DIR_B = '/data/skills/tidy-notes/abc123/tidy-notes'
const DIR_A = '/data/skills/pdf/def456/pdf'
const SKILL_B = [
  '---',
  'name: tidy-notes',
  'description: Use when the user asks to tidy meeting notes into a short list of bullet points.',
  '---',
  '# tidy-notes',
  '',
  'Group every action item under a heading called Next Steps and put the name of its owner first.',
].join('\n')
const SKILL_A =
  '---\nname: pdf\ndescription: Read and write PDF files.\n---\nAlways extract the text layer with pdftotext before you try anything else.\n'
const SPEC: BlindSpec = {
  skills: [
    { name: 'tidy-notes', text: SKILL_B },
    { name: 'pdf', text: SKILL_A },
  ],
  snapshotDirs: [DIR_B, DIR_A],
}

const tool = (name: string, input: unknown, output: string, status = 'completed'): AgentEvent => ({
  type: 'tool_use',
  sessionID: 'ses_1',
  part: {
    type: 'tool',
    tool: name,
    callID: 'call_1',
    state: { status, input, ...(status === 'error' ? { error: output } : { output }) },
  },
})
const text = (t: string): AgentEvent => ({
  type: 'text',
  sessionID: 'ses_1',
  part: { type: 'text', text: t },
})
const run = (events: AgentEvent[], finalOutput = 'Done.', diff = ''): JudgedRun => ({
  events,
  finalOutput,
  diff,
})

const write = tool('write', { filePath: '/w/r1/answer.txt', content: 'notes' }, 'Wrote file successfully.')
const skillLoaded = tool(
  'skill',
  { name: 'tidy-notes' },
  `<skill_content name="tidy-notes"># Skill: tidy-notes\n${SKILL_B}\nBase directory for this skill: file://${DIR_B}\n<skill_files></skill_files></skill_content>`,
)
const skillMissing = tool(
  'skill',
  { name: 'tidy-notes' },
  'Skill "tidy-notes" not found. Available skills: customize-opencode',
  'error',
)

describe('blindRun: tool calls left out', () => {
  const rows: { why: string; event: AgentEvent; kept: boolean }[] = [
    { why: 'b loads its skill', event: skillLoaded, kept: false },
    { why: 'a\'s failed skill call ("not found") is as telling', event: skillMissing, kept: false },
    {
      why: 'a skill call on a skill baseline',
      event: tool('skill', { name: 'pdf' }, '<skill_content name="pdf">…'),
      kept: false,
    },
    {
      why: "a read of the snapshot's SKILL.md",
      event: tool('read', { filePath: `${DIR_B}/SKILL.md` }, 'x'),
      kept: false,
    },
    {
      why: "a read of a baseline snapshot's file",
      event: tool('read', { filePath: `${DIR_A}/ref.md` }, 'x'),
      kept: false,
    },
    {
      why: 'a listing of the folder opencode was given',
      event: tool('bash', { command: 'ls /data/skills/tidy-notes/abc123' }, 'tidy-notes'),
      kept: false,
    },
    {
      why: 'a search whose result names a snapshot file',
      event: tool('glob', { pattern: '**/*.md' }, `${DIR_B}/SKILL.md\n/w/r1/README.md`),
      kept: false,
    },
    {
      why: 'a failed read of the snapshot',
      event: tool('read', { filePath: `${DIR_B}/x` }, `File not found: ${DIR_B}/x`, 'error'),
      kept: false,
    },
    {
      why: 'a read of the work dir',
      event: tool('read', { filePath: '/w/r1/README.md' }, 'hello'),
      kept: true,
    },
    {
      why: 'any snapshot of the skill, whatever its hash (a resumed task runs on a newer sealed copy)',
      event: tool('read', { filePath: '/data/skills/tidy-notes/abc1234/x' }, 'x'),
      kept: false,
    },
    {
      why: 'a folder whose name only starts like the skill is another skill',
      event: tool('read', { filePath: '/data/skills/tidy-notes-extra/abc123/x' }, 'x'),
      kept: true,
    },
    { why: 'a message of the agent', event: text('All done.'), kept: true },
  ]
  it.each(rows)('$why → kept: $kept', ({ event, kept }) => {
    expect(blindRun(run([write, event]), SPEC).events).toHaveLength(kept ? 2 : 1)
  })

  it('a run of b with its skill call and the same run of a with its failed call read the same', () => {
    const b = blindRun(run([skillLoaded, write, text('Done.')]), SPEC)
    const a = blindRun(run([skillMissing, write, text('Done.')]), SPEC)
    expect(b).toEqual(a)
    expect(b.events).toEqual([write, text('Done.')])
  })
})

describe('blindRun: texts redacted', () => {
  const rows: { why: string; input: string; out: string }[] = [
    {
      why: 'a passage of 8+ words copied from the body goes whole, punctuation and case aside',
      input: 'Plan: group every action-item under a HEADING called "Next Steps", then stop.',
      out: `Plan: ${REDACTED}", then stop.`,
    },
    {
      why: 'a passage of exactly 8 words copied from the description',
      input: 'I can tidy meeting notes into a short list of bullets.',
      out: `I can ${REDACTED} bullets.`,
    },
    {
      why: 'a passage from the baseline skill is redacted too',
      input: 'First extract the text layer with pdftotext before you try it.',
      out: `First ${REDACTED} it.`,
    },
    {
      why: 'a run of 7 copied words stays',
      input: 'every action item under a heading called Done.',
      out: 'every action item under a heading called Done.',
    },
    {
      why: 'a single word the skill teaches stays',
      input: '## Next Steps\n- Alice: owner',
      out: '## Next Steps\n- Alice: owner',
    },
    {
      why: 'a compound name, any form',
      input: 'tidy-notes, Tidy_Notes, TidyNotes, tidynotes.',
      out: `${REDACTED}, ${REDACTED}, ${REDACTED}, ${REDACTED}.`,
    },
    { why: 'a compound name inside a longer word stays', input: 'untidy-notes', out: 'untidy-notes' },
    {
      why: 'a name next to "skill" goes with it',
      input: 'I used the tidy notes skill.',
      out: `I used ${REDACTED}.`,
    },
    {
      why: 'a one-word name as an ordinary word stays',
      input: 'Converted the pdf to report.pdf.',
      out: 'Converted the pdf to report.pdf.',
    },
    {
      why: 'a one-word name naming a skill goes',
      input: 'Loaded the PDF skill; skill: "pdf" done.',
      out: `Loaded ${REDACTED}; ${REDACTED} done.`,
    },
    {
      why: 'a one-word name as a skills folder',
      input: 'cat .opencode/skills/pdf/SKILL.md',
      out: `cat .opencode/skills/${REDACTED}/SKILL.md`,
    },
    { why: 'a snapshot path goes whole', input: `see ${DIR_B}/SKILL.md.`, out: `see ${REDACTED}.` },
    { why: 'a snapshot path as a file URL', input: `base: file://${DIR_A}`, out: `base: ${REDACTED}` },
    {
      why: 'a newer snapshot of the same skill (a task resumed onto a sealed copy) is a snapshot path too',
      input: `see ${DIR_B.replace(/\/[0-9a-f]+\/tidy-notes$/, '/0123abcd/tidy-notes')}/SKILL.md.`,
      out: `see ${REDACTED}.`,
    },
  ]
  it.each(rows)('$why', ({ input, out }) => {
    const r = blindRun(run([text(input)], input, input), SPEC)
    expect(r.finalOutput).toBe(out)
    expect(r.diff).toBe(out)
    expect(r.events).toEqual([text(out)])
  })

  it('the same text is redacted the same way whichever side it comes from', () => {
    const copied = 'Plan: group every action item under a heading called next steps.'
    const b = blindRun(run([skillLoaded, text(copied)], copied), SPEC)
    const a = blindRun(run([text(copied)], copied), SPEC)
    expect(b).toEqual(a)
    expect(a.finalOutput).toBe(`Plan: ${REDACTED}.`)
  })

  it('tool inputs and outputs are blinded; what says what an event is stays as it is', () => {
    const e = tool('write', { filePath: '/w/r1/notes.md', content: 'via tidy-notes' }, 'Wrote tidy_notes.md')
    const [out] = blindRun(run([e]), SPEC).events
    expect(out).toEqual({
      ...e,
      part: {
        ...(e.part as object),
        state: {
          status: 'completed',
          input: { filePath: '/w/r1/notes.md', content: `via ${REDACTED}` },
          output: `Wrote ${REDACTED}.md`,
        },
      },
    })
  })

  it('Han text: 8 characters copied count as 8 words', () => {
    const spec: BlindSpec = {
      skills: [{ name: 'zh', text: '请先把所有待办事项放在下一步标题下面。' }],
      snapshotDirs: [],
    }
    expect(blindRun(run([], '好的：所有待办事项放在下一步。'), spec).finalOutput).toBe(`好的：${REDACTED}。`)
    expect(blindRun(run([], '好的：待办事项放在下。'), spec).finalOutput).toBe('好的：待办事项放在下。')
  })

  it('is deterministic, stable when applied again, and never changes the run it is given', () => {
    const input = run(
      [
        skillLoaded,
        text(`Loaded from ${DIR_B}: group every action item under a heading called Next Steps.`),
        write,
      ],
      'tidy-notes done',
    )
    const before = structuredClone(input)
    const once = blindRun(input, SPEC)
    expect(blindRun(input, SPEC)).toEqual(once)
    expect(blindRun(once, SPEC)).toEqual(once)
    expect(input).toEqual(before)
    expect(JSON.stringify(once)).not.toMatch(/tidy|skill|abc123|action item under/i)
  })

  it('with nothing to hide, the run is unchanged', () => {
    const r = run([skillLoaded, write], 'tidy-notes')
    expect(blindRun(r, { skills: [], snapshotDirs: [] })).toEqual({ ...r, events: [write] })
  })
})
