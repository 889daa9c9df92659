// Builds and runs the peer benchmark (scripts/bench/peer.ts: promptfoo vs `skill-ab run`). `npm run bench`
// calls `peerBenchFromEnv`; `npm run bench:peer` runs only this part and writes its own bench-results file
// (and docs/benchmarks.md again).
// Knobs: BENCH_PEER=0 skips it, BENCH_PEER_ROUNDS (default BENCH_FLOOR_ROUNDS, else 2), BENCH_PEER_PROMPTFOO
// (a folder promptfoo is already installed in, to iterate without the minutes of `npm install`).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'vite'
import { GOALS, machineInfo, writeBenchMarkdown } from './write-markdown.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const outDir = join(root, '.tmp', 'bench-peer')

/** The peer figures, or null when BENCH_PEER=0. Needs out/cli built. */
export async function peerBenchFromEnv() {
  if (process.env.BENCH_PEER === '0') return null
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node22',
      rollupOptions: {
        input: { peer: 'scripts/bench/peer.ts', 'peer-session': 'scripts/bench/peer-session.ts' },
        output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs', format: 'es' },
      },
    },
  })
  const { peerBench } = await import(pathToFileURL(join(outDir, 'peer.mjs')).href)
  return peerBench({
    root,
    sessionScript: join(outDir, 'peer-session.mjs'),
    rounds: Number(process.env.BENCH_PEER_ROUNDS ?? process.env.BENCH_FLOOR_ROUNDS ?? 2),
    concurrency: 2,
    promptfooDir: process.env.BENCH_PEER_PROMPTFOO || undefined,
  })
}

/** The lines `npm run bench` prints for the peer figures. */
export function peerLines(peer) {
  return [
    `peer: promptfoo ${peer.promptfooVersion} vs skill-ab run (default transport), ${peer.agentRuns} agent runs + ${peer.judgements} judgements each (${peer.cases} cases × 2 sides × ${peer.rounds} rounds)`,
    `  concurrency ${peer.concurrency}: promptfoo's tests (each runs its agent, then its grader); skill-ab's agents, its judges in their own pool of ${peer.skillAbJudgeConcurrency}`,
    `  promptfoo ${peer.promptfooMs} ms (at most ${peer.promptfooPeakSessions} sessions at once), skill-ab run ${peer.skillAbMs} ms: skill-ab ${peer.speedup} × faster (target ≥ ${GOALS.peerSpeedup})`,
  ]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!existsSync(join(root, 'out', 'cli', 'index.js'))) {
    const res = spawnSync('npm', ['run', 'build:cli'], { cwd: root, stdio: 'inherit' })
    if (res.status !== 0) process.exit(res.status ?? 1)
  }
  const machine = machineInfo()
  const peer = await peerBenchFromEnv()
  if (peer) {
    const date = new Date().toISOString()
    mkdirSync(join(root, 'bench-results'), { recursive: true })
    const file = join(root, 'bench-results', `peer-${date.replace(/[:.]/g, '-')}.json`)
    writeFileSync(file, `${JSON.stringify({ date, machine, peer }, null, 2)}\n`)
    const markdown = writeBenchMarkdown(root)
    process.stdout.write([...peerLines(peer), `written: ${file} and ${markdown}`, ''].join('\n'))
  }
}
