// Test-only: an Io that keeps what a command printed, for in-process CLI tests.
import type { Io } from './command'

export type CapturedIo = Io & { stdout: string; stderr: string }

export function captureIo(env: NodeJS.ProcessEnv, cwd: string): CapturedIo {
  const io: CapturedIo = {
    stdout: '',
    stderr: '',
    out: (t) => void (io.stdout += t),
    err: (t) => void (io.stderr += t),
    isTty: false,
    env,
    cwd,
  }
  return io
}
