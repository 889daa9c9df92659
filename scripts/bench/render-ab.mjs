/* global window -- code run inside the page */
// Two builds' first render of the 5,000-run view, compared pair by pair: `node scripts/bench/render-ab.mjs
// <rootA> <rootB> [pairs]` (each root a built checkout, e.g. a `git worktree` after `npm run build`). Each
// serves its own seeded task; their cold loads alternate (A B, B A, …) in fresh contexts of one browser, and
// each cold load is followed by a reload of its tab. Times are ms from navigation start, reported by the page
// through a binding: Playwright puts no script in the page before the frame is painted. On 2 cores, run
// medians of one build drift by 10–20 ms between runs; the paired difference and how often B was slower are
// the figures to trust.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { launchChromium } from './browser.mjs'
import { firstRenderProbe } from './first-render-probe.mjs'
import { loadBench } from './load-bench.mjs'

const [rootA, rootB] = process.argv.slice(2, 4).map((r) => resolve(r))
const PAIRS = Number(process.argv[4] ?? 40)
if (!rootA || !rootB) throw new Error('usage: render-ab.mjs <rootA> <rootB> [pairs]')

async function serveBuild(root) {
  const { seedBenchTask } = await loadBench(root, 'seed')
  const home = mkdtempSync(join(tmpdir(), 'skill-ab-render-ab-'))
  const { taskId } = seedBenchTask(join(home, 'data'), 5000)
  const env = { PATH: process.env.PATH, HOME: home, SKILL_AB_HOME: join(home, 'data') }
  const serve = spawn(process.execPath, [join(root, 'bin', 'skill-ab.cjs'), 'serve'], { env, stdio: 'pipe' })
  const url = await new Promise((ok, fail) => {
    let out = ''
    serve.stdout.on('data', (c) => {
      const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec((out += c))
      if (m) ok(m[0])
    })
    serve.once('exit', (code) => fail(new Error(`serve in ${root} exited ${code}`)))
  })
  return {
    url: `${url}#/task/${taskId}`,
    stop: () => (serve.kill('SIGINT'), rmSync(home, { recursive: true, force: true })),
  }
}

// The browser first: a missing one stops this before any server is started.
const browser = await launchChromium()
const builds = await Promise.all([serveBuild(rootA), serveBuild(rootB)])
  .then(([A, B]) => ({ A, B }))
  .catch(async (err) => {
    await browser.close()
    throw err
  })
/** A cold load of the build's task, then a reload of the same tab: [first run, painted, reload's first run]. */
async function sample(build) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  let reported = () => {}
  await page.exposeFunction('skillAbFirstRender', (json) => {
    const { firstRunAt, paintedAt, timeOrigin } = JSON.parse(json)
    reported([firstRunAt, paintedAt].map((at) => at - timeOrigin))
  })
  await page.addInitScript(`(${firstRenderProbe})(null)`)
  const load = async (go) => {
    const report = new Promise((ok) => (reported = ok))
    await go({ waitUntil: 'commit' })
    const times = await report
    await page.waitForFunction(() => window.skillAbDebug.complete(), null, { polling: 'raf' })
    return times
  }
  const [firstRun, painted] = await load((o) => page.goto(build.url, o))
  const [reload] = await load((o) => page.reload(o))
  await context.close()
  return [firstRun, painted, reload]
}

try {
  await sample(builds.A) // warms both servers and the browser
  await sample(builds.B)
  const times = { A: [], B: [] }
  for (let i = 0; i < PAIRS; i++)
    for (const k of i % 2 ? ['B', 'A'] : ['A', 'B']) times[k].push(await sample(builds[k]))
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]
  /** Two-sided exact binomial p of `k` of `n` pairs going one way when either way is as likely. */
  const signTest = (k, n) => {
    let tail = 0
    for (let i = 0, c = 1; i <= n; c = (c * (n - i)) / (i + 1), i++)
      if (Math.min(i, n - i) <= Math.min(k, n - k)) tail += c / 2 ** n
    return Math.min(1, tail)
  }
  console.log(
    `A ${rootA}\nB ${rootB}\n${PAIRS} pairs of cold loads (fresh contexts), each followed by a reload`,
  )
  for (const [j, what] of ['first run cell', 'painted', 'reloaded tab, first run cell'].entries()) {
    const a = times.A.map((t) => t[j])
    const b = times.B.map((t) => t[j])
    const diff = a.map((x, i) => b[i] - x)
    const slower = diff.filter((d) => d > 0).length
    const mean = diff.reduce((sum, d) => sum + d, 0) / PAIRS
    console.log(
      `${what.padEnd(30)} A ${median(a).toFixed(0)} ms, B ${median(b).toFixed(0)} ms; B − A ${mean.toFixed(1)} ms (mean of pairs), B slower in ${slower} of ${PAIRS} (sign test p ${signTest(slower, PAIRS).toFixed(3)})`,
    )
  }
} finally {
  await browser.close()
  builds.A.stop()
  builds.B.stop()
}
