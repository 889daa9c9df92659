// `skill-ab batches [--case-analysis] [--json]`: evaluation batches with their source:
// all of them (the evaluation center), or the case analyses only — never an A/B batch there.
import { openAppContext, type AppContext } from '../../services/app-context'
import { listBatches } from '../../services/list-batches'
import { UsageError } from '../args'
import { EXIT, type Command } from '../command'

export const batchesCommand: Command = {
  name: 'batches',
  summary: 'list evaluation batches (A/B tasks and case analyses) with their source',
  usage: [
    'Usage: skill-ab batches [--case-analysis] [--json]',
    '',
    'Every evaluation batch with its source: grayscale-ab (an A/B task) or case-analysis.',
    '',
    'Options:',
    '  --case-analysis  only case analyses (A/B batches are shown by `skill-ab list`)',
    '  --json           one JSON array instead of a table',
  ].join('\n'),
  flags: { 'case-analysis': 'boolean', json: 'boolean' },
  run(positionals, flags, io) {
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`)
    let ctx: AppContext | undefined
    try {
      ctx = openAppContext({ env: io.env, kind: 'cli' })
      const rows = listBatches(ctx, flags['case-analysis'] ? 'case-analysis' : 'evaluation-center')
      if (flags.json) io.out(`${JSON.stringify(rows, null, 2)}\n`)
      else if (rows.length === 0) io.out('no evaluation batches yet\n')
      else
        for (const b of rows)
          io.out(
            `${b.id}  ${b.source.padEnd(13)}  "${b.name}"  (${b.skillName} ${b.skillVersion})  ` +
              `${b.scored}/${b.runs} scored  mean ${meansText(b.means)}  created ${b.createdAt}\n`,
          )
      return Promise.resolve(EXIT.pass)
    } finally {
      ctx?.close()
    }
  },
}

/** "a 40.0 · b 70.0" for an A/B batch, "70.0" for a case analysis (side b only): never one mean over both sides. */
function meansText(means: { a: number | null; b: number | null }): string {
  const f = (m: number | null) => (m === null ? '—' : m.toFixed(1))
  return means.a === null && means.b !== null ? f(means.b) : `a ${f(means.a)} · b ${f(means.b)}`
}
