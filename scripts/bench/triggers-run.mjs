// Runs only the trigger bench (scripts/bench/triggers.ts) and writes its own bench-results file:
// `npm run bench:triggers` (and docs/benchmarks.md again). `npm run bench` runs it too, unless BENCH_TRIGGERS=0.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadBench } from './load-bench.mjs'
import { machineInfo, writeBenchMarkdown } from './write-markdown.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
if (!existsSync(join(root, 'out', 'cli', 'index.js'))) {
  const res = spawnSync('npm', ['run', 'build:cli'], { cwd: root, stdio: 'inherit' })
  if (res.status !== 0) process.exit(res.status ?? 1)
}
const machine = machineInfo()
const { triggerBench, triggerLines } = await loadBench(root, 'triggers')
const triggers = await triggerBench({ root })
const date = new Date().toISOString()
mkdirSync(join(root, 'bench-results'), { recursive: true })
const file = join(root, 'bench-results', `triggers-${date.replace(/[:.]/g, '-')}.json`)
writeFileSync(file, `${JSON.stringify({ date, machine, triggers }, null, 2)}\n`)
const markdown = writeBenchMarkdown(root)
process.stdout.write([...triggerLines(triggers), `written: ${file} and ${markdown}`, ''].join('\n'))
