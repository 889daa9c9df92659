// A small `skill-ab run` task on the server driver, shared by the server-driver suites.
import { openStore, type RunRow } from '../../src-main/db'
import { ANSWER_EXISTS } from './expect-decided'
import type { World } from './fixtures'

export const SERVER_AGENT = {
  model: 'scripted/agent',
  driver: 'server',
  timeoutSec: 120,
  idleTimeoutSec: 60,
  concurrency: 2,
}

/**
 * Writes `<file>` (a task over the skill in skills/<skill>) and its cases as `<file>l`; `agent` overrides
 * fields of SERVER_AGENT (e.g. shorter time limits), `extra` adds task fields (e.g. a baseline).
 */
export function writeTask(
  world: World,
  file: string,
  name: string,
  skill: string,
  cases: string,
  agent: Partial<typeof SERVER_AGENT> & { sandbox?: 'auto' | 'required' | 'off' } = {},
  extra: Record<string, unknown> = {},
): void {
  const dataset = file.replace(/\.json$/, '.jsonl')
  world.write(dataset, cases)
  world.write(
    file,
    JSON.stringify({
      name,
      skill: { path: `./skills/${skill}` },
      dataset: { path: `./${dataset}` },
      // One fixed round, unless the task has adaptive rounds (a config written with both is refused).
      ...('adaptiveRounds' in extra ? {} : { repeatRounds: 1 }),
      evaluators: ANSWER_EXISTS,
      agent: { ...SERVER_AGENT, ...agent },
      ...extra,
    }),
  )
}

export function runsOf(world: World, taskName: string): RunRow[] {
  const store = openStore(world.dataDir)
  try {
    const task = store.tasks.list().find((t) => t.taskName === taskName)
    return task ? store.runs.listByTask(task.id) : []
  } finally {
    store.close()
  }
}
