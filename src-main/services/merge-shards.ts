// `skill-ab merge` (README "CI reports"): the exports of a task's shards (`run --shard i/n`) as one export,
// with one decision over all their runs, computed as the task's own decision is (decideRuns).
import { summarizeCases } from '../export/cases'
import { lacksEvidence } from '../../src-shared/offered-skills'
import { toExportDecision } from '../export/build-export'
import { sumFigures } from '../export/sum-figures'
import type { ExportDocument } from '../../src-shared/export'
import type { ExportShard } from '../../src-shared/export-shard'
import { formatPrices, type ModelPrices } from '../../src-shared/prices'
import { UserError } from '../../src-shared/user-error'
import { shardCases } from './shard-task'
import { decideRuns } from './task-decision'
import { readStoredConfig } from '../../src-shared/stored-config'

/** An export read from a file, named by it in messages. */
export interface ShardFile {
  file: string
  doc: ExportDocument
}

/** What must be equal in every shard of one task: a name for messages, and its value. */
const IDENTITY: [string, (doc: ExportDocument, shard: ExportShard) => unknown][] = [
  ['the task config (config hash)', (_, s) => s.configHash],
  ['the dataset cases (cases hash)', (_, s) => s.casesHash],
  ['the skill snapshot of side b (content hash)', (d) => d.skillVersions.b?.contentHash ?? null],
  ['the skill snapshot of side a (content hash)', (d) => d.skillVersions.a?.contentHash ?? null],
  ['the evaluator set', (_, s) => s.evaluators.join(', ')],
  ['the shard count n', (_, s) => s.count],
]

const refuse = (message: string): never => {
  throw new UserError('input', message)
}

const PRICE_KINDS = ['input', 'output', 'cacheRead', 'cacheWrite'] as const

/** Equal prices, or unknown in both (the merged decision prices every shard's runs with one set). */
function samePrices(a: ModelPrices | null, b: ModelPrices | null): boolean {
  if (!a || !b) return a === b
  return PRICE_KINDS.every((k) => a[k] === b[k])
}

type Shard = ShardFile & { shard: ExportShard }

/**
 * Shards priced differently (the opencode config or opencode's model list changed between CI jobs) would give
 * dollars no machine computed; a price unknown in both is no difference (docs/decision.md "Prices").
 */
function checkPrices(first: Shard, other: Shard): void {
  for (const model of ['agent', 'judge'] as const) {
    const a = first.shard.prices[model]
    const b = other.shard.prices[model]
    if (!samePrices(a, b))
      refuse(
        `${first.file} and ${other.file} ran with different prices: the ${model} model's prices differ ` +
          `(${formatPrices(a)} vs ${formatPrices(b)}); run every shard with the same opencode config and version`,
      )
  }
}

/** Every file is a shard of the same task, each index once with exactly its slice, and every case in some shard. */
function checkShards(files: readonly ShardFile[]): ExportShard[] {
  if (files.length < 2) refuse('merge takes the exports of at least two shards')
  const shards = files.map(({ file, doc }) => {
    if (!doc.shard || doc.shard.index < 1)
      return refuse(
        `${file} is not the export of a shard: write one with \`skill-ab run --shard i/n --export f.json\``,
      )
    return doc.shard
  })
  const [first, ...rest] = files.map((f, k) => ({ ...f, shard: shards[k] as ExportShard }))
  if (!first) return refuse('nothing to merge')
  for (const other of rest) {
    for (const [what, valueOf] of IDENTITY) {
      const a = valueOf(first.doc, first.shard)
      const b = valueOf(other.doc, other.shard)
      if (a !== b)
        refuse(
          `${first.file} and ${other.file} are shards of different tasks: ${what} differs (${String(a)} vs ${String(b)})`,
        )
    }
    checkPrices(first, other)
  }
  const byIndex = new Map<number, string>()
  files.forEach(({ file }, k) => {
    const shard = shards[k] as ExportShard
    const twin = byIndex.get(shard.index)
    if (twin) refuse(`${twin} and ${file} are both shard ${shard.index}/${shard.count}: give each shard once`)
    byIndex.set(shard.index, file)
    const slice = shardCases(shard.taskCases, shard)
    if (slice.join('\n') !== shard.cases.join('\n'))
      refuse(
        `${file} claims cases that are not shard ${shard.index}/${shard.count}'s (${shard.cases.length} listed, ${slice.length} in that slice): use the export \`run --shard ${shard.index}/${shard.count}\` wrote`,
      )
  })
  // Each shard is its own index's slice, given once: they cannot overlap, only leave cases out.
  const covered = new Set(shards.flatMap((s) => s.cases))
  const missing = first.shard.taskCases.filter((c) => !covered.has(c))
  if (missing.length)
    refuse(
      `the shards given leave out ${missing.length} of the task's ${first.shard.taskCases.length} cases (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}): merge every shard 1/n … n/n`,
    )
  return shards
}

/** One export of the whole task from its shards' exports; refuses files that are not shards of one task. */
export function mergeShards(files: readonly ShardFile[], now: Date = new Date()): ExportDocument {
  const shards = checkShards(files)
  const docs = files.map((f) => f.doc)
  const first = docs[0] as ExportDocument
  const shard = shards[0] as ExportShard
  const { cases: _sliced, ...config } = first.task.config
  const stored = readStoredConfig(JSON.stringify(config))
  const runs = docs.flatMap((d) => d.runs)
  const pairwise = docs.some((d) => d.pairwise) ? docs.flatMap((d) => d.pairwise ?? []) : null
  const decision = decideRuns(
    runs,
    stored,
    // decideRuns only asks whether side a has a skill
    { skillVersionAId: first.skillVersions.a ? 'a' : null },
    pairwise?.map((p) => ({ caseId: p.caseId, round: p.round, winner: p.winner, flipped: p.flipped })),
    null,
    shard.prices,
  )
  return {
    ...first,
    exportedAt: now.toISOString(),
    task: {
      ...first.task,
      config,
      status: docs.every((d) => d.task.status === 'done') ? 'done' : 'idle',
    },
    runs,
    cases: summarizeCases(
      shard.taskCases,
      runs.map((r) => ({ ...r, withoutEvidence: lacksEvidence(r, first.skillVersions.a !== null) })),
      stored.policy.failedRunScore,
      new Map(docs.flatMap((d) => d.cases.flatMap((c) => (c.caseHash ? [[c.caseId, c.caseHash]] : [])))),
    ),
    decision: toExportDecision(decision),
    spend: sumFigures(docs.flatMap((d) => (d.spend ? [d.spend] : []))),
    reused: sumFigures(docs.flatMap((d) => (d.reused ? [d.reused] : []))),
    // Judge agreement is computed from human corrections, which shards run in CI do not have: kept only
    // when no shard has a label (then every shard's entries read n = 0).
    judgeAgreement: docs.every((d) => d.judgeAgreement.every((j) => j.n === 0)) ? first.judgeAgreement : [],
    pairwise,
    shard: { ...shard, index: 0, cases: shard.taskCases },
  }
}
