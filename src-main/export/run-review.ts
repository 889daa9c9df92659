// A run's texts for a full export: the judge's copy (blinded as judging blinds it, condensed as the judge
// reads it), each cut to its cap (REVIEW_CAPS) with the cut marked. Secrets are scrubbed with the whole document.
import type { RunRow, TrajectoryRecord } from '../db'
import { blindRun, type BlindSpec } from '../judge/blind'
import { clip, condenseTrajectory } from '../judge/condense'
import { REVIEW_CAPS, type ExportRunReview } from '../../src-shared/export'

export function runReview(
  run: Pick<RunRow, 'finalOutput' | 'workDir'>,
  trajectory: TrajectoryRecord | null,
  blind: BlindSpec | null,
): ExportRunReview {
  const stored = {
    events: trajectory?.events ?? [],
    finalOutput: trajectory?.finalOutput ?? run.finalOutput ?? '',
    diff: trajectory?.diff ?? '',
  }
  const judged = blind ? blindRun(stored, blind) : stored
  const condensed = condenseTrajectory(
    { events: judged.events, finalOutput: '', diff: '', workDir: run.workDir },
    REVIEW_CAPS.trajectory,
  )
  const finalOutput = clip(judged.finalOutput, REVIEW_CAPS.finalOutput, 0.5)
  const diff = clip(judged.diff, REVIEW_CAPS.diff, 0.75)
  return {
    finalOutput: finalOutput.text,
    trajectory: condensed.trajectory,
    diff: diff.text,
    truncated: { finalOutput: finalOutput.cut, trajectory: condensed.truncated, diff: diff.cut },
  }
}
