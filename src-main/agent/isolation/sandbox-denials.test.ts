// What a run's tools said about the sandbox: a write refused as read-only, a read of a hidden path that
// "does not exist" inside — and not a file that is simply missing in the run's own dirs.
import { describe, expect, it } from 'vitest'
import { distinctDenials, fileDenials, refusalOfRun, TOOL_SPAN_SLACK_MS } from './sandbox-denials'

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

  it('on its own sandbox: any time within the run', () => {
    const ofRun = refusalOfRun(1_000, 9_000, null)
    expect([500, 1_000, 5_000, 9_000, 9_500].map(ofRun)).toEqual([false, true, true, true, false])
  })

  it("on a server's shared sandbox: only while one of its own tool calls ran, not while it waited on its model", () => {
    const ofRun = refusalOfRun(1_000, 9_000, [
      tool(2_000, 3_000),
      { type: 'text', part: {} },
      tool(6_000, 6_100),
    ])
    const slack = TOOL_SPAN_SLACK_MS
    expect([2_500, 2_000 - slack, 3_000 + slack, 6_050].map(ofRun)).toEqual([true, true, true, true])
    expect([1_500, 4_500, 3_000 + slack + 1, 8_000].map(ofRun)).toEqual([false, false, false, false])
    expect(refusalOfRun(1_000, 9_000, [{ type: 'text', part: {} }])(5_000)).toBe(false)
  })
})
