// `skill-ab export <task> [--full] [--out f.json] [--markdown f.md] [--junit f.xml]`: the export document of one task (stdout without --out).
import { resolve } from 'node:path'
import { openAppContext, type AppContext } from '../../services/app-context'
import { exportTask, writeExportFiles } from '../../services/export-task'
import { findTask } from '../../services/find-task'
import { UsageError } from '../args'
import { EXIT, type Command } from '../command'
import { userErrorMessage } from '../errors'

/** A flag naming a file: `--out` alone is a usage error. */
export function fileFlag(
  flags: Record<string, string | boolean | undefined>,
  name: string,
): string | undefined {
  const value = flags[name]
  if (typeof value === 'boolean') throw new UsageError(`--${name} needs a file`)
  return value
}

export const exportCommand: Command = {
  name: 'export',
  summary: 'write one task as the JSON export document (and a markdown summary)',
  usage: [
    'Usage: skill-ab export <task> [--full] [--out f.json] [--markdown f.md] [--junit f.xml]',
    '',
    '<task> is a task id, or a task name when only one task has it (see `skill-ab list`).',
    'Writes the export document (schema skill-ab/export@2: runs, judge results, per-case table,',
    'decision) as JSON to stdout, or to --out. No secret is written: the opencode config is named, never read.',
    '',
    'Options:',
    '  --full            add what the judge read of every run for a reviewer: final output, trajectory',
    '                    summary and diff (blinded, each cut to a cap, the cut marked; secrets scrubbed)',
    '  --out f.json      write the JSON to this file instead of stdout',
    '  --markdown f.md   also write a markdown summary (per-case table and decision) for a review',
    '  --junit f.xml     also write a JUnit report for CI (a test case per case; "verdict" fails on reject)',
    '',
    'Exit: 0 · 2 unknown or ambiguous task (candidates listed), or a file that cannot be written',
  ].join('\n'),
  flags: { out: 'string', markdown: 'string', junit: 'string', full: 'boolean' },
  async run(positionals, flags, io) {
    const [ref, ...extra] = positionals
    if (!ref) throw new UsageError('missing <task> (a task id or name; see `skill-ab list`)')
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`)
    const out = fileFlag(flags, 'out')
    const markdown = fileFlag(flags, 'markdown')
    const junit = fileFlag(flags, 'junit')

    let ctx: AppContext | undefined
    try {
      ctx = openAppContext({ env: io.env, kind: 'cli' })
      const task = findTask(ctx.store, ref)
      const doc = await exportTask(ctx, task.id, io.env, { full: flags.full === true })
      writeExportFiles(doc, {
        json: out && resolve(io.cwd, out),
        markdown: markdown && resolve(io.cwd, markdown),
        junit: junit && resolve(io.cwd, junit),
      })
      if (!out) io.out(`${JSON.stringify(doc, null, 2)}\n`)
      if (out) io.err(`task ${task.id} exported to ${out}${markdown ? ` and ${markdown}` : ''}\n`)
      else if (markdown) io.err(`markdown summary written to ${markdown}\n`)
      if (junit) io.err(`JUnit report written to ${junit}\n`)
      return EXIT.pass
    } catch (err) {
      const message = userErrorMessage(err)
      if (message === null) throw err
      io.err(`skill-ab export: ${message}\n`)
      return EXIT.error
    } finally {
      ctx?.close()
    }
  },
}
