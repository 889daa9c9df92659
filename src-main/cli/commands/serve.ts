// `skill-ab serve [--port N]`: the app's UI in a browser, over the same services (docs/architecture.md).
import { createApiHost } from '../../api/host'
import { environmentWithSettings, readSettings } from '../../api/settings'
import { dataDir } from '../../db'
import { startServer } from '../../serve/server'
import { findRendererDir } from '../../serve/static-files'
import { openAppContext } from '../../services/app-context'
import { plainNumber, UsageError } from '../args'
import { EXIT, type Command } from '../command'

export const serveCommand: Command = {
  name: 'serve',
  summary: 'the app in a browser: http://127.0.0.1 with a random token in the printed URL',
  usage: [
    'Usage: skill-ab serve [--port N]',
    '',
    'Serves the desktop UI to a browser on this machine only (127.0.0.1), talking to the same services and',
    'data dir as the app and the CLI. The printed URL carries a random token; requests without it are',
    'refused. Runs until stopped (Ctrl-C), which cancels running tasks cleanly first.',
    '',
    'Options:',
    '  --port N  listen on port N (default: any free port)',
  ].join('\n'),
  flags: { port: 'string' },
  async run(positionals, flags, io) {
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`)
    const port = flags.port === undefined ? 0 : plainNumber(flags.port)
    if (port === null || !Number.isInteger(port) || port > 65_535)
      throw new UsageError(
        `--port takes a port number (0–65535), as a plain whole number, not "${String(flags.port)}"`,
      )
    const env = environmentWithSettings(io.env, readSettings(dataDir(io.env)))
    const ctx = openAppContext({ env, kind: 'serve' })
    const host = createApiHost({ ctx, transport: 'serve', log: (line) => io.err(`${line}\n`) })
    const rendererDir = findRendererDir(io.env)
    let server
    try {
      server = await startServer({ host, port, rendererDir, log: (line) => io.err(`${line}\n`) })
    } catch (err) {
      await host.close()
      ctx.close()
      const code = (err as NodeJS.ErrnoException).code
      io.err(
        `skill-ab serve: cannot listen on 127.0.0.1:${port} (${code ?? String(err)}): pick another --port\n`,
      )
      return EXIT.error
    }
    if (!rendererDir) io.err('warning: the UI is not built (run `npm run build`); the page says so\n')
    io.err(
      `data: ${ctx.dataDir}\nSkill A/B is serving on 127.0.0.1 only. Open this URL (it carries the access token):\n`,
    )
    io.out(`${server.url}\n`)
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve)
      process.once('SIGTERM', resolve)
    })
    io.err('stopping: canceling running tasks…\n')
    await host.close()
    await server.close()
    ctx.close()
    return EXIT.pass
  },
}
