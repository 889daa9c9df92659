// Migration 3: placeholder of issue 10 (blind and complete verdicts); filled in by the change that needs it.
import type { Migration } from './types'

const up = /* sql */ `
SELECT 1;
`

export const migration0003: Migration = { id: 3, name: 'provider_error', up }
