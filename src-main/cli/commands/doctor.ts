// `skill-ab doctor [config.json]`: pre-flight checks, one line each; exit 0 when all pass, else 2.
import { runDoctor } from '../../services/doctor'
import { EXIT, type Command } from '../command'
import { UsageError } from '../args'
import { plural } from '../../../src-shared/plural'

export const doctorCommand: Command = {
  name: 'doctor',
  summary: 'check the environment and, with a config, its inputs, model and isolation',
  usage: [
    'Usage: skill-ab doctor [config.json]',
    '',
    'Checks Node, the data dir, the opencode binary and its version, ripgrep and git; with a config also',
    'the config, skill, baseline and dataset, that the model provider answers at its base URL (one free',
    "GET …/models, 3 s at most), that each side's opencode knows the model, and the isolation proof",
    '(side b sees exactly its skill snapshot; side a does not see the skill under test).',
    '',
    'Exit: 0 all checks pass · 2 something needs fixing (each failed line says what to do)',
  ].join('\n'),
  flags: {},
  async run(positionals, _flags, io) {
    const [file, ...extra] = positionals
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`)
    const checks = await runDoctor(io.env, file)
    const width = Math.max(...checks.map((c) => c.name.length))
    for (const c of checks) io.out(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name.padEnd(width)}  ${c.detail}\n`)
    const failed = checks.filter((c) => !c.ok).length
    io.out(failed ? `${plural(failed, 'check')} failed\n` : 'all checks passed\n')
    return failed ? EXIT.error : EXIT.pass
  },
}
