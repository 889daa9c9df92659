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

export function sideQueue<R extends Queued>(planned: readonly R[]): SideQueue<R> {
  const lanes = new Map<Side, { runs: R[]; next: number; inFlight: number }>()
  for (const run of planned) {
    const lane = lanes.get(run.side) ?? { runs: [], next: 0, inFlight: 0 }
    lane.runs.push(run)
    lanes.set(run.side, lane)
  }
  const order = new Map(planned.map((run, i) => [run.id, i]))
  const head = (lane: { runs: R[]; next: number }): number =>
    order.get(lane.runs[lane.next]?.id ?? '') ?? Infinity
  return {
    take() {
      let best: { runs: R[]; next: number; inFlight: number } | undefined
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
      return best.runs[best.next++]
    },
    done(run) {
      const lane = lanes.get(run.side)
      if (lane) lane.inFlight -= 1
    },
    remaining() {
      return [...lanes.values()]
        .flatMap((lane) => lane.runs.slice(lane.next))
        .sort((x, y) => (order.get(x.id) ?? 0) - (order.get(y.id) ?? 0))
    },
  }
}
