// `skill-ab triggers <config.json>`: probe whether the skill's description makes the agent reach for it
// (docs/triggers.md); with `compareWith`, whether version b's description beats version a's.
import { resolve } from 'node:path'
import { loadTriggerConfig } from '../../inputs/load-trigger-config'
import { exportTriggerTask } from '../../services/export-triggers'
import { dataDir } from '../../db'
import { checkOutputs, writeTextFile } from '../../services/output-files'
import { fileFlag } from './export'
import { openAppContext, type AppContext } from '../../services/app-context'
import { runTriggers } from '../../services/run-triggers'
import { UsageError } from '../args'
import { EXIT, VERDICT_EXIT, type Command } from '../command'
import { probeLine, reportText } from '../trigger-text'
import { plural } from '../../../src-shared/plural'

export const triggersCommand: Command = {
  name: 'triggers',
  summary: "probe whether the skill's description makes the agent use it (and whether v2's beats v1's)",
  usage: [
    'Usage: skill-ab triggers <trigger-config.json> [--export f.json]',
    '',
    'For each query of the trigger set × rounds, an isolated opencode session with the skill installed (and',
    'the competing skills, if given) is stopped as soon as the agent chooses: at its first skill call, when it',
    'answers, or after maxSteps turns. Reports per query trigger rates and precision, recall and accuracy;',
    'with "compareWith", pairs the two descriptions per query (exact McNemar). Probes already made are kept:',
    'running it again continues the set.',
    '',
    'Options:',
    '  --export f.json  write the export document (skill-ab/triggers@1) when done',
    '',
    'Exit: with compareWith 0 pass · 1 reject · 3 inconclusive; without it 0 every query probed · 3 some',
    '      without a result; 2 bad input or unusable environment · 130 canceled (Ctrl-C)',
  ].join('\n'),
  flags: { export: 'string' },
  async run(positionals, flags, io) {
    const [file, ...extra] = positionals
    if (!file) throw new UsageError('missing <trigger-config.json>')
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`)
    const exportFile = fileFlag(flags, 'export')
    let ctx: AppContext | undefined
    const abort = new AbortController()
    const onSignal = (): void => {
      if (abort.signal.aborted) return
      io.err('\ncanceling: stopping probes (press Ctrl-C again to force)…\n')
      abort.abort()
      process.once('SIGINT', () => process.exit(EXIT.interrupted))
    }
    process.once('SIGINT', onSignal)
    process.once('SIGTERM', onSignal)
    try {
      const loaded = loadTriggerConfig(file, { env: io.env })
      if (exportFile) {
        const { skillPath, comparePath, setPath, competingPath, opencodeConfigPath } = loaded.resolved
        const inputs = [
          resolve(io.cwd, file),
          skillPath,
          setPath,
          comparePath,
          competingPath,
          opencodeConfigPath,
        ]
        const out = { path: resolve(io.cwd, exportFile), what: 'the export' }
        checkOutputs(
          [out],
          dataDir(io.env),
          inputs.filter((p): p is string => !!p),
        )
      }
      ctx = openAppContext({ env: io.env, kind: 'cli' })
      let total = 0
      let ended = 0
      const result = await runTriggers(ctx, loaded, {
        signal: abort.signal,
        onPrepared: (p) => {
          const open = (ctx as AppContext).store.triggerProbes.listByTask(p.task.id)
          total = open.filter((x) => x.status !== 'done').length
          const versions = p.compare ? `${p.skill.label} (b) vs ${p.compare.label} (a)` : p.skill.label
          io.err(
            `trigger task "${p.task.name}" ${p.created ? 'created' : 'resumed'}: ${p.skill.name} ${versions}, ` +
              `${plural(p.task.queries.length, 'query', 'queries')} × ${plural(loaded.config.rounds, 'round')}; ${plural(total, 'probe')} to run\n`,
          )
        },
        onProbe: (row) => {
          if (row.status === 'running') return
          ended += 1
          io.err(probeLine(row, ended, total))
        },
      })
      for (const proof of result.summary.proofs) io.err(`isolation version ${proof.side}: ${proof.message}\n`)
      const { prepared, report } = result
      io.err(reportText(report, { a: prepared.compare?.label ?? null, b: prepared.skill.label }))
      const missing = report.counts.pending + report.counts.failed + report.counts.canceled
      if (missing)
        io.err(`${missing} probes without a result: \`skill-ab triggers ${file}\` continues the set\n`)
      if (report.withoutEvidence)
        io.err(
          `${plural(report.withoutEvidence, 'probe')} probed before skill-ab recorded what each was offered: left out of the metrics\n`,
        )
      const verdict = report.comparison?.verdict ?? null
      if (exportFile) {
        const doc = await exportTriggerTask(ctx.store, result.task.id, io.env)
        writeTextFile(resolve(io.cwd, exportFile), `${JSON.stringify(doc, null, 2)}\n`, 'the export')
      }
      io.out(
        `${JSON.stringify({ taskId: result.task.id, status: result.task.status, probes: report.counts, verdict })}\n`,
      )
      if (abort.signal.aborted) return EXIT.interrupted
      if (verdict) return VERDICT_EXIT[verdict]
      return missing ? EXIT.inconclusive : EXIT.pass
    } finally {
      process.removeListener('SIGINT', onSignal)
      process.removeListener('SIGTERM', onSignal)
      ctx?.close()
    }
  },
}
