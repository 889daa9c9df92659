// Which pending run a free lane takes next: the first one of the side with the fewest runs in flight. On the
// server transport a side's runs then stay in the work-dir slots it already warmed (its proof warms one), as
// every extra slot boots another opencode instance: seconds of CPU on a laptop. Within a side the planned
// order holds; between sides with as many runs in flight, the one planned first goes.
import type { Side } from '../../src-shared/run-state'

type Queued = { id: string; side: Side }

export interface SideQueue<R extends Queued> {
  /** The next run to start (now counted in flight), or undefined when none is left. */
  take(): R | undefined
  /** A run `take` gave is no longer in flight. */
  done(run: R): void
  /** The runs never taken, in planned order. */
  remaining(): R[]
}

interface Lane<R> {
  /** The side's runs with their place in the plan. */
  runs: { run: R; at: number }[]
  next: number
  inFlight: number
}

export function sideQueue<R extends Queued>(planned: readonly R[]): SideQueue<R> {
  const lanes = new Map<Side, Lane<R>>()
  planned.forEach((run, at) => {
    const lane = lanes.get(run.side) ?? { runs: [], next: 0, inFlight: 0 }
    lane.runs.push({ run, at })
    lanes.set(run.side, lane)
  })
  const head = (lane: Lane<R>): number => lane.runs[lane.next]?.at ?? Infinity
  return {
    take() {
      let best: Lane<R> | undefined
      for (const lane of lanes.values()) {
        if (lane.next >= lane.runs.length) continue
        if (
          !best ||
          lane.inFlight < best.inFlight ||
          (lane.inFlight === best.inFlight && head(lane) < head(best))
        )
          best = lane
      }
      if (!best) return undefined
      best.inFlight += 1
      return best.runs[best.next++]?.run
    },
    done(run) {
      const lane = lanes.get(run.side)
      if (lane) lane.inFlight -= 1
    },
    remaining() {
      return [...lanes.values()]
        .flatMap((lane) => lane.runs.slice(lane.next))
        .sort((x, y) => x.at - y.at)
        .map((q) => q.run)
    },
  }
}
