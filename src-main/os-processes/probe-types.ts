// What the app asks the OS about processes (docs/architecture.md "Processes on each platform").

export interface ProcessProbe {
  /**
   * An opaque start-time stamp of `pid` (compared only for equality, so a reused pid is told apart from its
   * predecessor); null when the process does not exist or cannot be read.
   */
  startTime(pid: number): string | null
  /**
   * Live (non-zombie) members of the group led by `pgid`: its process group; on Windows its process tree,
   * where `leaderStarted` (the leader's recorded start time) lets the orphans of a dead leader be found.
   */
  groupMembers(pgid: number, leaderStarted?: string | null): number[]
  /** Live processes (not this one) whose environment holds `name=value`; empty where it cannot be read. */
  withEnv(name: string, value: string): number[]
  /** The command line of `pid` ('' when unknown). */
  commandLine(pid: number): string
  /** The working directory of `pid`; null when gone or unreadable. */
  cwd(pid: number): string | null
  /** Signals the whole group (POSIX: the process group; Windows: the tree, always forcibly). */
  signalGroup(pgid: number, signal: NodeJS.Signals): void
}
