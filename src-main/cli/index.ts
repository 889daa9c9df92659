// Entry of the built CLI (out/cli/index.js): wires the process to `main`.
import type { Io } from './command'
import { EXIT } from './command'
import { main } from './main'
import { stopSandbox } from '../agent/isolation/sandbox'

const io: Io = {
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
  isTty: Boolean(process.stdout.isTTY),
  env: process.env,
  cwd: process.cwd(),
}

// The sandbox's proxies would keep the process alive once the command is done.
main(process.argv.slice(2), io)
  .finally(stopSandbox)
  .then(
    (code) => {
      process.exitCode = code
    },
    (err: unknown) => {
      io.err(
        `skill-ab: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      )
      process.exitCode = EXIT.error
    },
  )
