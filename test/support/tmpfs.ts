// A small tmpfs mount for storage-fault tests (disk full, read-only data folder). Mounting needs root (CI
// runs as root); elsewhere `tmpfsUnavailable()` says exactly why the tests are skipped.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface Tmpfs {
  dir: string
  /** Bytes still free for files. */
  free(): number
  /** Writes a filler file so that about `leaveBytes` stay free. */
  fill(leaveBytes: number): void
  /** Removes the filler. */
  unfill(): void
  /** Remounts read-only (`true`) or read-write. */
  setReadOnly(readOnly: boolean): void
  unmount(): void
}

function mountAt(dir: string, options: string): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' })
}

export function mountTmpfs(sizeKb: number): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), 'skill-ab-tmpfs-'))
  mountAt(dir, `size=${sizeKb}k,mode=0755`)
  const filler = join(dir, 'filler')
  const tmpfs: Tmpfs = {
    dir,
    free: () => {
      const s = statfsSync(dir)
      return s.bavail * s.bsize
    },
    fill: (leaveBytes) => {
      tmpfs.unfill()
      try {
        writeFileSync(filler, Buffer.alloc(Math.max(0, tmpfs.free() - leaveBytes)))
      } catch (err) {
        // Another process wrote meanwhile: the filler got what was left, and the disk is full.
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err
      }
    },
    unfill: () => rmSync(filler, { force: true }),
    setReadOnly: (readOnly) =>
      execFileSync('mount', ['-o', `remount,${readOnly ? 'ro' : 'rw'}`, dir], { stdio: 'pipe' }),
    unmount: () => {
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' })
      } catch {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' }) // a process still holds a file open
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
  return tmpfs
}

/** Null when this process can mount a tmpfs; otherwise the exact reason it cannot. */
export function tmpfsUnavailable(): string | null {
  if (process.platform !== 'linux') return `tmpfs mounts need Linux (this is ${process.platform})`
  if (process.getuid?.() !== 0) return `mounting a tmpfs needs root (running as uid ${process.getuid?.()})`
  let probe: Tmpfs | undefined
  try {
    probe = mountTmpfs(64)
    return null
  } catch (err) {
    const e = err as { stderr?: Buffer; message: string }
    return `\`mount -t tmpfs\` failed: ${(e.stderr?.toString() || e.message).trim()}`
  } finally {
    probe?.unmount()
  }
}
