// `skill-ab export <task> [--out f.json] [--markdown f.md]`: the §10 document of one task (stdout without --out).
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { version as APP_VERSION } from '../../../package.json'
import { findOpencodeBin, opencodeVersion } from '../../agent/opencode-bin'
import { buildExport } from '../../export/build-export'
import { exportToMarkdown } from '../../export/markdown'
import { environmentSecrets } from '../../export/redact'
import { openAppContext, type AppContext } from '../../services/app-context'
import { findTask, TaskLookupError } from '../../services/find-task'
import { UsageError } from '../args'
import { EXIT, type Command } from '../command'
import { userErrorMessage } from '../errors'

/** The version of the opencode binary the app would use; null when there is none or it does not answer. */
export async function detectOpencodeVersion(env: NodeJS.ProcessEnv): Promise<string | null> {
  const bin = findOpencodeBin({ env })
  if (!bin) return null
  return opencodeVersion(bin.path, env.PATH).catch(() => null)
}

function fileFlag(flags: Record<string, string | boolean | undefined>, name: string): string | undefined {
  const value = flags[name]
  if (typeof value === 'boolean') throw new UsageError(`--${name} needs a file`)
  return value
}

export const exportCommand: Command = {
  name: 'export',
  summary: 'write one task as the JSON export document (and a markdown summary)',
  usage: [
    'Usage: skill-ab export <task> [--out f.json] [--markdown f.md]',
    '',
    '<task> is a task id, or a task name when only one task has it (see `skill-ab list`).',
    'Writes the export document (schema skill-ab/export@1: runs, judge results, per-case table,',
    'decision) as JSON to stdout, or to --out. No secret is written: the opencode config is named, never read.',
    '',
    'Options:',
    '  --out f.json      write the JSON to this file instead of stdout',
    '  --markdown f.md   also write a markdown summary (per-case table and decision) for a review',
    '',
    'Exit: 0 · 2 unknown or ambiguous task (candidates listed), or a file that cannot be written',
  ].join('\n'),
  flags: { out: 'string', markdown: 'string' },
  async run(positionals, flags, io) {
    const [ref, ...extra] = positionals
    if (!ref) throw new UsageError('missing <task> (a task id or name; see `skill-ab list`)')
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`)
    const out = fileFlag(flags, 'out')
    const markdown = fileFlag(flags, 'markdown')

    let ctx: AppContext | undefined
    try {
      ctx = openAppContext({ env: io.env, kind: 'cli' })
      const task = findTask(ctx.store, ref)
      const doc = buildExport(ctx.store, task.id, {
        opencodeVersion: await detectOpencodeVersion(io.env),
        app: APP_VERSION,
        secrets: environmentSecrets(io.env),
      })
      const json = `${JSON.stringify(doc, null, 2)}\n`
      if (out) write(resolve(io.cwd, out), json, '--out')
      else io.out(json)
      if (markdown) write(resolve(io.cwd, markdown), exportToMarkdown(doc), '--markdown')
      if (out) io.err(`task ${task.id} exported to ${out}${markdown ? ` and ${markdown}` : ''}\n`)
      else if (markdown) io.err(`markdown summary written to ${markdown}\n`)
      return EXIT.pass
    } catch (err) {
      const message =
        err instanceof TaskLookupError || err instanceof WriteError ? err.message : userErrorMessage(err)
      if (message === null) throw err
      io.err(`skill-ab export: ${message}\n`)
      return EXIT.error
    } finally {
      ctx?.close()
    }
  },
}

class WriteError extends Error {
  override name = 'WriteError'
}

function write(file: string, text: string, flag: string): void {
  try {
    writeFileSync(file, text)
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message
    throw new WriteError(`${flag} ${file}: cannot write it (${why}): check the folder exists and is writable`)
  }
}
