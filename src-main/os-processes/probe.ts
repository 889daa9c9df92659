// The process probe of this platform (docs/architecture.md "Processes on each platform"): /proc on Linux,
// `ps`/`lsof` on macOS and the BSDs, PowerShell's CIM and `taskkill` on Windows.
import { cimProbe } from './cim-table'
import { linuxProbe } from './linux-proc'
import type { ProcessProbe } from './probe-types'
import { psProbe } from './ps-table'

export type { ProcessProbe } from './probe-types'

function probeFor(platform: NodeJS.Platform): ProcessProbe {
  if (platform === 'linux') return linuxProbe
  if (platform === 'win32') return cimProbe
  return psProbe
}

/** This machine's probe. */
export const processes: ProcessProbe = probeFor(process.platform)
