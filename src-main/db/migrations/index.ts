// Every migration this build knows, in order. Listed statically (bundler-safe); append only.
import { migration0001 } from './0001_initial'
import { migration0002 } from './0002_case_analysis'
import type { Migration } from './types'

export type { Migration } from './types'

export const MIGRATIONS: readonly Migration[] = [migration0001, migration0002]
