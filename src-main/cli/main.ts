// skill-ab command line: parses argv and dispatches to one module per command.
import { parseArgs, UsageError } from './args'
import { userErrorMessage } from './errors'
import { EXIT, type Command, type Io } from './command'
import { commands } from './commands/index'

function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length))
  return [
    'Usage: skill-ab <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "Run `skill-ab <command> --help` for a command's options.",
    'Environment: SKILL_AB_HOME (data dir), OPENCODE_CONFIG (providers), SKILL_AB_OPENCODE_BIN (opencode binary).',
    '',
  ].join('\n')
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage())
    return name ? EXIT.pass : EXIT.error
  }
  if (name === '--version') {
    io.out('skill-ab 0.1.0\n')
    return EXIT.pass
  }
  const command: Command | undefined = commands.find((c) => c.name === name)
  if (!command) {
    io.err(`skill-ab: unknown command "${name}"\n\n${usage()}`)
    return EXIT.error
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${command.usage}\n`)
    return EXIT.pass
  }
  try {
    const { positionals, flags } = parseArgs(rest, command.flags)
    return await command.run(positionals, flags, io)
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`skill-ab ${name}: ${err.message}\n\n${command.usage}\n`)
      return EXIT.error
    }
    // Every error a user can act on, of any command, is said here in words (exit 2), never with a stack.
    const message = userErrorMessage(err)
    if (message === null) throw err
    io.err(`skill-ab ${name}: ${message}\n`)
    return EXIT.error
  }
}
