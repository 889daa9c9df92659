// Migration 5: placeholder of issue 10 (blind and complete verdicts); filled in by the change that needs it.
import type { Migration } from './types'

const up = /* sql */ `
SELECT 1;
`

export const migration0005: Migration = { id: 5, name: 'run_correction', up }
