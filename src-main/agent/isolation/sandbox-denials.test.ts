// What a run's tools said about the sandbox: a write refused as read-only, a read of a hidden path that
// "does not exist" inside — and not a file that is simply missing in the run's own dirs.
import { describe, expect, it } from 'vitest'
import {
  distinctDenials,
  fileDenials,
  refusalOfRun,
  SharedToolSpans,
  TOOL_SPAN_SLACK_MS,
} from './sandbox-denials'

const policy = {
  denyRead: ['/data', '/home/me/.ssh'],
  allowRead: ['/data/work/run-1'],
  allowWrite: [],
  allowedHosts: [],
}
const bash = (output: string) => ({
  type: 'tool_use',
  part: { tool: 'bash', state: { status: 'completed', output } },
})

describe('file denials', () => {
  it('reads of hidden paths and writes outside, each once; a missing file of its own is no denial', () => {
    const events = [
      bash(
        [
          'cat: /data/skill-ab.db: No such file or directory',
          "ls: cannot access '/home/me/.ssh/id_rsa': No such file or directory",
          'cat: /data/work/run-1/notes.txt: No such file or directory',
          'bash: line 3: /srv/escaped.txt: Read-only file system',
          'cat: /data/skill-ab.db: No such file or directory',
        ].join('\n'),
      ),
      { type: 'text', part: { text: '/data/secret: No such file or directory' } },
    ]
    expect(distinctDenials(fileDenials(events, policy))).toEqual([
      { kind: 'write', target: '/srv/escaped.txt' },
      { kind: 'read', target: '/data/skill-ab.db' },
      { kind: 'read', target: '/home/me/.ssh/id_rsa' },
    ])
  })
})

describe("a refused connection is the run's", () => {
  const tool = (start: number, end: number) => ({
    type: 'tool_use',
    part: { tool: 'bash', state: { status: 'completed', output: '', time: { start, end } } },
  })
  const slack = TOOL_SPAN_SLACK_MS

  it('on its own sandbox: any time within the run', () => {
    const ofRun = refusalOfRun(1_000, 9_000, null)
    expect([500, 1_000, 5_000, 9_000, 9_500].map(ofRun)).toEqual([false, true, true, true, false])
  })

  it("on a server's shared sandbox: not while only another run's tool call ran; in no one's, every open run's", () => {
    const spans = new SharedToolSpans()
    // Run "mine" called tools at 2.0–3.0 s and 6.0–6.1 s; run "other" at 4.0–5.0 s and 2.5–2.6 s.
    for (const e of [tool(2_000, 3_000), { type: 'text', part: {} }, tool(6_000, 6_100)])
      spans.note('mine', e)
    for (const e of [tool(4_000, 5_000), tool(2_500, 2_600)]) spans.note('other', e)
    const ofRun = (runId: string, events: ReturnType<typeof tool>[]) =>
      refusalOfRun(1_000, 9_000, { events, otherAt: (t) => spans.otherAt(runId, t) })
    const mine = ofRun('mine', [tool(2_000, 3_000), tool(6_000, 6_100)])
    const other = ofRun('other', [tool(4_000, 5_000), tool(2_500, 2_600)])
    // Its own tool call (with the clock's slack), also where the other's overlaps it: charged.
    expect([2_000 - slack, 2_550, 3_000 + slack, 6_050].map(mine)).toEqual([true, true, true, true])
    // Only the other's tool call ran: the other's, not this run's.
    expect([4_500, 5_000 + slack].map(mine)).toEqual([false, false])
    expect([4_500, 2_550].map(other)).toEqual([true, true])
    expect(other(2_200)).toBe(false)
    // No one's tool call (a process left in the background): every run open then — never none.
    expect([1_500, 8_000].map(mine)).toEqual([true, true])
    expect([1_500, 8_000].map(other)).toEqual([true, true])
    expect(mine(9_500)).toBe(false)
  })
})
