// Types of write-markdown.mjs for the TypeScript that imports it (its unit test).
export interface MachineInfo {
  cpus: number
  cpuModel: string
  node: string
  platform: string
  arch: string
  loadAverage: number
}
/** A results document of bench-results/ (`npm run bench`'s, or `bench:peer`'s / `bench:triggers`'s part). */
export type BenchReport = { date: string; machine?: MachineInfo; file?: string } & Record<string, unknown>
export const GOALS: { sandboxCostPct: number; peerSpeedup: number }
export function machineInfo(): MachineInfo
export function readBenchResults(dir: string): BenchReport[]
export function writeBenchMarkdown(root: string, reports?: readonly BenchReport[]): string
export function benchMarkdown(reports: readonly BenchReport[]): string
