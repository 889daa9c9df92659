// What a run's tools said about the sandbox: a write refused as read-only, a read of a hidden path that
// "does not exist" inside — and not a file that is simply missing in the run's own dirs.
import { describe, expect, it } from 'vitest'
import { distinctDenials, fileDenials } from './sandbox-denials'

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
