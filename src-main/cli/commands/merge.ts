// `skill-ab merge a.json b.json … [--out f.json] [reports]`: the exports of a task's shards (`run --shard
// i/n`) as one export with one decision (README "CI reports"); shards of different tasks are refused.
import { resolve } from 'node:path'
import { mergeShards, type ShardFile } from '../../services/merge-shards'
import { dataDir } from '../../db'
import { exportOutputs, writeExportFiles } from '../../services/export-task'
import { checkOutputs } from '../../services/output-files'
import { CONFIG_WARNING_CODES } from '../../inputs/config-warnings'
import { parseJsonText } from '../../inputs/json-text'
import { readTextFile } from '../../inputs/text-file'
import { readExport } from '../../../src-shared/export-read'
import { EXPORT_TOO_LARGE_FIX, MAX_EXPORT_BYTES } from '../../../src-shared/export-checks'
import type { ExportDocument } from '../../../src-shared/export'
import { UserError } from '../../../src-shared/user-error'
import { UsageError } from '../args'
import { VERDICT_EXIT, type Command } from '../command'
import { decisionText } from '../decision-text'
import { exportFilesOf, REPORT_FLAGS, REPORT_USAGE } from './export'

/** One shard's export file, read (as every JSON input is: a regular UTF-8 file, a byte-order mark dropped) and checked against the export schema. */
function readShardFile(file: string, cwd: string): ShardFile {
  const fix = 'give the JSON a `run --shard` exported'
  const text = readTextFile(resolve(cwd, file), {
    shown: file,
    what: 'export',
    maxBytes: MAX_EXPORT_BYTES,
    fix,
    tooLargeFix: EXPORT_TOO_LARGE_FIX,
  })
  const read = readExport(parseJsonText(text, file, fix))
  if (!read.ok) throw new UserError('input', `${file} is not a Skill A/B export: ${read.error}`)
  return { file, doc: read.doc as ExportDocument }
}

export const mergeCommand: Command = {
  name: 'merge',
  summary: "decide over the exports of a task's shards (run --shard i/n) as one task",
  usage: [
    'Usage: skill-ab merge <shard.json>… [--out f.json] [--markdown f.md] [--junit f.xml] [--benchmark-json f]',
    '',
    'Merges the exports that `skill-ab run <config> --shard i/n --export f.json` wrote for i = 1 … n (one',
    'data folder, or machine, each) and decides over all their runs: the same verdict and figures as one',
    'run of the whole task, except times. Refuses shards of different tasks (config, dataset, skill',
    'snapshots, evaluators, n), two shards of one index, a shard whose cases are not its slice, a missing',
    'shard, and any export no run could write (a score outside 0–100, a run twice or outside its slice).',
    '',
    'Options:',
    '  --out f.json           write the merged export document (JSON) to this file (default: stdout)',
    ...REPORT_USAGE,
    '',
    'Exit: 0 pass · 1 reject · 3 inconclusive · 2 files that are not shards of one task, or unreadable',
  ].join('\n'),
  flags: { out: 'string', ...REPORT_FLAGS },
  run(positionals, flags, io) {
    if (positionals.length < 2) throw new UsageError('give the exports of every shard (at least two)')
    const files = exportFilesOf(flags, io.cwd, 'out')
    const shardPaths = positionals.map((f) => resolve(io.cwd, f))
    checkOutputs(exportOutputs(files), dataDir(io.env), shardPaths)
    const doc = mergeShards(positionals.map((file) => readShardFile(file, io.cwd)))
    writeExportFiles(doc, files)
    if (!files.json) io.out(`${JSON.stringify(doc, null, 2)}\n`)
    io.err(`merged ${positionals.length} shards: ${doc.cases.length} cases, ${doc.runs.length} runs\n`)
    io.err(decisionText(doc, { except: CONFIG_WARNING_CODES }))
    return Promise.resolve(VERDICT_EXIT[doc.decision.verdict])
  },
}
