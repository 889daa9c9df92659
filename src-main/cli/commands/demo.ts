// `skill-ab demo`: the bundled example (pirate-speak vs no skill, five cases) against the bundled scripted
// model — the whole flow (runs, judge, decision, export) in about a minute, without any key.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startScriptedLlm, writeProviderConfig } from '../../demo/scripted-llm'
import { dataDir, openStore } from '../../db'
import { UsageError } from '../args'
import type { Command } from '../command'
import { demoModel } from '../../demo/demo-model'
import { runCommand } from './run'
import { demoConfig, writeExampleFiles } from '../../services/examples'

export const demoCommand: Command = {
  name: 'demo',
  summary:
    'run the bundled example against the bundled scripted model (no key needed; a demo, not a measurement)',
  usage: [
    'Usage: skill-ab demo [--export f.json] [--markdown f.md]',
    '',
    'Runs the bundled pirate-speak skill against no skill on five cases × 2 rounds with the real opencode',
    'agent, answered by the scripted model the tests use, judges every run and prints the decision. The task',
    'is named "demo: …" and its export says "demo": true. Run it again to see a resume (nothing is redone).',
    '',
    'Exit: as `skill-ab run`.',
  ].join('\n'),
  flags: { export: 'string', markdown: 'string' },
  async run(positionals, flags, io) {
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`)
    // A data folder that cannot be used is said before anything is written into it.
    openStore(dataDir(io.env)).close()
    const dir = join(dataDir(io.env), 'demo')
    writeExampleFiles(dir)
    const config = demoConfig()
    const configFile = join(dir, 'demo-task.json')
    writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`)
    const llm = await startScriptedLlm(demoModel)
    try {
      const providers = writeProviderConfig(join(dir, 'scripted-provider.json'), { baseURL: llm.url })
      io.err(`DEMO: the answers come from the bundled scripted model at ${llm.url}, not a real LLM.\n`)
      const exitCode = await runCommand.run([configFile], flags, {
        ...io,
        env: { ...io.env, OPENCODE_CONFIG: providers },
      })
      io.err(
        'DEMO finished. To measure your own skill, write a config like the one above and run `skill-ab run`.\n',
      )
      return exitCode
    } finally {
      await llm.close()
    }
  },
}
