// Migration 11: A/A calibration tasks (README "A/A calibration", docs/data-model.md). A calibration runs the
// baseline against itself (side a only, twice the rounds) to measure the noise floor. It is stored as an A/B
// task (`kind` 'ab', whose CHECK cannot change without rebuilding the table) with `calibration` = 1: its
// a-runs are reusable like any A/B task's, and no list of A/B tasks shows it.
import type { Migration } from './types'

const up = /* sql */ `
ALTER TABLE grayscale_task ADD COLUMN calibration INTEGER NOT NULL DEFAULT 0 CHECK (calibration IN (0, 1));
`

export const migration0011: Migration = { id: 11, name: 'calibration', up }
