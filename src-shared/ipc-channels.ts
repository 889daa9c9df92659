// The IPC channel names and the push event, without their schemas: the preload imports only this (it must
// stay a small self-contained bundle); `ipc.ts` checks at compile time that it lists exactly its channels.

export const CHANNELS = [
  'app.info',
  'settings.get',
  'settings.set',
  'tasks.list',
  'tasks.get',
  'tasks.decision',
  'tasks.spend',
  'tasks.noiseFloor',
  'tasks.calibrate',
  'tasks.sourceChanges',
  'tasks.validate',
  'tasks.estimate',
  'tasks.create',
  'tasks.start',
  'tasks.cancel',
  'tasks.delete',
  'tasks.export',
  'runs.rerun',
  'runs.reevaluate',
  'runs.measureJudgeNoise',
  'runs.detail',
  'results.correct',
  'results.clearCorrection',
  'evaluations.batches',
  'evaluations.analysis',
  'evaluations.agreement',
  'files.list',
  'inputs.skill',
  'inputs.gitVersions',
  'inputs.dataset',
  'examples.create',
  'examples.triggers',
  'triggers.list',
  'triggers.get',
  'triggers.create',
  'triggers.cancel',
  'triggers.resume',
  'triggers.delete',
] as const

export type Channel = (typeof CHANNELS)[number]

/** Every channel carries this prefix on the wire (checked on both sides, as VS Code does). */
export const CHANNEL_PREFIX = 'skill-ab:'

/** The one event main pushes (coalesced patches). */
export const PATCH_EVENT = `${CHANNEL_PREFIX}patch`

/** The name the preload exposes the api under (`window.skillAb`). */
export const PRELOAD_GLOBAL = 'skillAb'
