// Every CLI command, in the order `--help` lists them.
import type { Command } from '../command'
import { analyzeCommand } from './analyze'
import { batchesCommand } from './batches'
import { decideCommand } from './decide'
import { demoCommand } from './demo'
import { doctorCommand } from './doctor'
import { exportCommand } from './export'
import { judgeParseCommand } from './judge-parse'
import { listCommand } from './list'
import { mergeCommand } from './merge'
import { reevaluateCommand } from './reevaluate'
import { runCommand } from './run'
import { serveCommand } from './serve'
import { triggersCommand } from './triggers'

export const commands: Command[] = [
  runCommand,
  doctorCommand,
  listCommand,
  exportCommand,
  mergeCommand,
  reevaluateCommand,
  analyzeCommand,
  triggersCommand,
  batchesCommand,
  decideCommand,
  judgeParseCommand,
  serveCommand,
  demoCommand,
]
