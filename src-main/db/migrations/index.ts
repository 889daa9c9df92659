// Every migration this build knows, in order. Listed statically (bundler-safe); append only.
import { migration0001 } from './0001_initial'
import { migration0002 } from './0002_case_analysis'
import { migration0003 } from './0003_provider_error'
import { migration0004 } from './0004_skill_hash_recipe'
import { migration0005 } from './0005_run_correction'
import { migration0006 } from './0006_pairwise_result'
import { migration0007 } from './0007_adaptive_plan'
import { migration0008 } from './0008_trigger_eval'
import { migration0009 } from './0009_baseline_reuse'
import { migration0010 } from './0010_task_prices'
import { migration0011 } from './0011_calibration'
import { migration0012 } from './0012_task_view_indexes'
import { migration0013 } from './0013_offered_skills'
import { migration0014 } from './0014_run_sandbox'
import { migration0015 } from './0015_judge_tampering'
import { migration0016 } from './0016_judge_repeat'
import type { Migration } from './types'

export type { Migration } from './types'

export const MIGRATIONS: readonly Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
  migration0009,
  migration0010,
  migration0011,
  migration0012,
  migration0013,
  migration0014,
  migration0015,
  migration0016,
]
