// `skill-ab list [--json]`: every task with its status and run counts.
import { openAppContext, type AppContext } from '../../services/app-context'
import { listTasks } from '../../services/list-tasks'
import { EXIT, type Command } from '../command'
import { userErrorMessage } from '../errors'
import { UsageError } from '../args'

export const listCommand: Command = {
  name: 'list',
  summary: 'list the A/B tasks in the data dir',
  usage: [
    'Usage: skill-ab list [--json]',
    '',
    'Options:',
    '  --json   one JSON array instead of a table',
  ].join('\n'),
  flags: { json: 'boolean' },
  async run(positionals, flags, io) {
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`)
    let ctx: AppContext | undefined
    try {
      ctx = openAppContext({ env: io.env, kind: 'cli' })
      const rows = listTasks(ctx)
      if (flags.json) {
        io.out(`${JSON.stringify(rows, null, 2)}\n`)
        return EXIT.pass
      }
      if (rows.length === 0) {
        io.out(`no tasks yet in ${ctx.dataDir}: start one with \`skill-ab run <config.json>\`\n`)
        return EXIT.pass
      }
      for (const r of rows) {
        const counts = Object.entries(r.runs)
          .filter(([, n]) => n > 0)
          .map(([s, n]) => `${n} ${s}`)
          .join(', ')
        const reused = r.reused.runs ? ` (${r.reused.runs} a-runs reused)` : ''
        io.out(
          `${r.id}  ${r.name}  (${r.skillName} ${r.skillVersion})  ${r.status}  verdict ${r.verdict}  ${counts}${reused}  updated ${r.updatedAt}\n`,
        )
      }
      return EXIT.pass
    } catch (err) {
      const message = userErrorMessage(err)
      if (message === null) throw err
      io.err(`skill-ab list: ${message}\n`)
      return EXIT.error
    } finally {
      ctx?.close()
    }
  },
}
