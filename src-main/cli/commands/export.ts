// `skill-ab export <task> [--full] [--out f.json] [reports]`: the export document of one task (stdout without
// --out), and the report files (markdown, JUnit, benchmark.json) `run`, `export` and `merge` write.
import { resolve } from 'node:path'
import { openAppContext, type AppContext } from '../../services/app-context'
import { dataDir } from '../../db'
import { exportOutputs, exportTask, writeExportFiles, type ExportFiles } from '../../services/export-task'
import { checkOutputs } from '../../services/output-files'
import { findTask } from '../../services/find-task'
import { UsageError } from '../args'
import { EXIT, type Command } from '../command'

/** A flag naming a file: `--out` alone is a usage error. */
export function fileFlag(
  flags: Record<string, string | boolean | undefined>,
  name: string,
): string | undefined {
  const value = flags[name]
  if (typeof value === 'boolean') throw new UsageError(`--${name} needs a file`)
  return value
}

/** The report flags `run`, `export` and `merge` share: a file each. */
export const REPORT_FLAGS = { markdown: 'string', junit: 'string', 'benchmark-json': 'string' } as const

/** The usage lines of REPORT_FLAGS. */
export const REPORT_USAGE = [
  '  --markdown f.md        write a markdown summary (per-case table and decision) for a review',
  '  --junit f.xml          write a JUnit report for CI (a test case per case; "verdict" fails on reject)',
  "  --benchmark-json f     write skill-creator's benchmark.json (a: without_skill, b: with_skill)",
]

/** The usage lines of `--full` (`export`, and `run` with `--export`). */
export const FULL_USAGE = [
  '  --full                 add what the judge read of every run for a reviewer: final output, trajectory',
  '                         summary and diff (blinded, each cut to a cap, the cut marked; secrets scrubbed)',
]

/** The files the flags name (`jsonFlag`: the export document's), resolved against `cwd`. */
export function exportFilesOf(
  flags: Record<string, string | boolean | undefined>,
  cwd: string,
  jsonFlag: string,
): ExportFiles {
  const at = (name: string): string | undefined => {
    const file = fileFlag(flags, name)
    return file && resolve(cwd, file)
  }
  return { json: at(jsonFlag), markdown: at('markdown'), junit: at('junit'), benchmark: at('benchmark-json') }
}

export const exportCommand: Command = {
  name: 'export',
  summary: 'write one task as the JSON export document (and a markdown summary)',
  usage: [
    'Usage: skill-ab export <task> [--full] [--out f.json] [--markdown f.md] [--junit f.xml] [--benchmark-json f]',
    '',
    '<task> is a task id, or a task name when only one task has it (see `skill-ab list`).',
    'Writes the export document (schema skill-ab/export@2: runs, judge results, per-case table,',
    'decision) as JSON to stdout, or to --out. No secret is written: the opencode config is named, never read.',
    '',
    'Options:',
    ...FULL_USAGE,
    '  --out f.json           write the JSON to this file instead of stdout',
    ...REPORT_USAGE,
    '',
    'Exit: 0 · 2 unknown or ambiguous task (candidates listed), or a file that cannot be written',
  ].join('\n'),
  flags: { out: 'string', full: 'boolean', ...REPORT_FLAGS },
  async run(positionals, flags, io) {
    const [ref, ...extra] = positionals
    if (!ref) throw new UsageError('missing <task> (a task id or name; see `skill-ab list`)')
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`)
    const files = exportFilesOf(flags, io.cwd, 'out')
    const out = fileFlag(flags, 'out')
    const markdown = fileFlag(flags, 'markdown')

    let ctx: AppContext | undefined
    try {
      checkOutputs(exportOutputs(files), dataDir(io.env), [])
      ctx = openAppContext({ env: io.env, kind: 'cli' })
      const task = findTask(ctx.store, ref)
      const doc = await exportTask(ctx, task.id, io.env, { full: flags.full === true })
      writeExportFiles(doc, files)
      if (!out) io.out(`${JSON.stringify(doc, null, 2)}\n`)
      if (out) io.err(`task ${task.id} exported to ${out}${markdown ? ` and ${markdown}` : ''}\n`)
      else if (markdown) io.err(`markdown summary written to ${markdown}\n`)
      if (files.junit) io.err(`JUnit report written to ${fileFlag(flags, 'junit')}\n`)
      if (files.benchmark) io.err(`benchmark.json written to ${fileFlag(flags, 'benchmark-json')}\n`)
      return EXIT.pass
    } finally {
      ctx?.close()
    }
  },
}
