/* global window -- code run inside the page */
// Two builds' first render of the 5,000-run view, compared round by round: `node scripts/bench/render-ab.mjs
// <rootA> <rootB> [rounds]` (each root a built checkout, e.g. a `git worktree` after `npm run build`). A is
// served twice (A and A′, each with its own seeded task) and B once; each round loads all three cold, in a
// rotating order, in fresh contexts of one browser, each cold load followed by a reload of its tab. B − A is
// the figure; A′ − A, a build against itself, is the method's own noise at that many rounds, printed beside
// it (on 2 cores one build's medians drift 10–20 ms between runs). Times are ms from navigation start,
// reported by the page through a binding: Playwright puts no script in the page before the frame is painted.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { launchChromium } from './browser.mjs'
import { firstRenderProbe } from './first-render-probe.mjs'
import { loadBench } from './load-bench.mjs'

const [rootA, rootB] = process.argv.slice(2, 4).map((r) => resolve(r))
const ROUNDS = Number(process.argv[4] ?? 60)
if (!rootA || !rootB || !(ROUNDS >= 1)) throw new Error('usage: render-ab.mjs <rootA> <rootB> [rounds ≥ 1]')

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
const started = []
const serving = (root) => serveBuild(root).then((build) => (started.push(build), build))
// A′ is started after A: both bundle A's seeding module into the same folder (`.tmp/bench-seed`).
const builds = await Promise.all([
  serving(rootA).then(async (A) => [A, await serving(rootA)]),
  serving(rootB),
])
  .then(([[A, A2], B]) => ({ A, B, 'A′': A2 }))
  .catch(async (err) => {
    await browser.close()
    for (const build of started) build.stop()
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

/** All six orders of the three, in turn: none is favoured by coming first, last or after another. */
const ORDERS = [
  ['A', 'B', 'A′'],
  ['B', 'A′', 'A'],
  ['A′', 'A', 'B'],
  ['A′', 'B', 'A'],
  ['B', 'A', 'A′'],
  ['A', 'A′', 'B'],
]

try {
  for (const build of Object.values(builds)) await sample(build) // warms the servers and the browser
  const times = { A: [], B: [], 'A′': [] }
  for (let i = 0; i < ROUNDS; i++)
    for (const k of ORDERS[i % ORDERS.length]) times[k].push(await sample(builds[k]))
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]
  /** Two-sided exact binomial p of `k` of `n` rounds going one way when either way is as likely. */
  const signTest = (k, n) => {
    let tail = 0
    for (let i = 0, c = 1; i <= n; c = (c * (n - i)) / (i + 1), i++)
      if (Math.min(i, n - i) <= Math.min(k, n - k)) tail += c / 2 ** n
    return Math.min(1, tail)
  }
  /**
   * X − A per round: its mean, its median (a hiccup of the machine moves the mean, hardly the median), how
   * often X was slower and the sign test's p.
   */
  const against = (xs, as) => {
    const diff = xs.map((x, i) => x - as[i])
    const slower = diff.filter((d) => d > 0).length
    const mean = diff.reduce((sum, d) => sum + d, 0) / ROUNDS
    return `${mean.toFixed(1).padStart(5)} ms (median ${median(diff).toFixed(1)}), slower in ${slower} of ${ROUNDS} (p ${signTest(slower, ROUNDS).toFixed(3)})`
  }
  console.log(
    `A ${rootA} (served twice: A and A′)\nB ${rootB}\n${ROUNDS} rounds of cold loads (fresh contexts), each followed by a reload`,
  )
  for (const [j, what] of ['first run cell', 'painted', 'reloaded tab, first run cell'].entries()) {
    const [a, b, a2] = ['A', 'B', 'A′'].map((k) => times[k].map((t) => t[j]))
    console.log(
      `${what.padEnd(30)} medians A ${median(a).toFixed(0)}, A′ ${median(a2).toFixed(0)}, B ${median(b).toFixed(0)} ms; B − A ${against(b, a)}; A′ − A (noise) ${against(a2, a)}`,
    )
  }
} finally {
  await browser.close()
  for (const build of started) build.stop()
}
