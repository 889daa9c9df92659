// No secret ever reaches an export (docs/data-model.md): env credentials, the provider config file, secret-named fields.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Store } from '../db'
import { openTempStore, type TempStore } from '../db/store.fixture'
import { exportSchema } from '../../src-shared/export'
import { buildTaskExport } from '../services/export-task'
import { isSecretFieldName, redactSecretFields } from './redact'
import { drive, seedExportTask } from './task.fixture'

const ENV_SECRET = 'sk-ant-envsecret-1234567890abcdef'
const FILE_SECRET = 'sk-file-secret-0987654321fedcba'
const FIELD_SECRET = 'sk-field-secret-5555555555'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => {
  vi.unstubAllEnvs()
  t.cleanup()
})

describe('secrets stay out of the export', () => {
  it('neither the environment’s key, the opencode config file’s key, nor secret-named config fields appear', () => {
    vi.stubEnv('ANTHROPIC_API_KEY', ENV_SECRET)
    const providerFile = join(t.dir, 'opencode.json')
    writeFileSync(
      providerFile,
      JSON.stringify({ provider: { anthropic: { options: { apiKey: FILE_SECRET } } } }),
    )
    const { task, runs } = seedExportTask(store, {
      config: {
        agent: { model: 'anthropic/claude', opencodeConfig: providerFile },
        evaluators: [{ id: 'tests-pass', kind: 'command', command: `API_KEY=${ENV_SECRET} npm test` }],
      },
    })
    // Defence in depth: a config that somehow holds credentials under secret-looking names.
    const config = JSON.parse(task.configJson) as Record<string, unknown>
    config.agent = {
      ...(config.agent as object),
      apiKey: FIELD_SECRET,
      headers: { Authorization: `Bearer ${FIELD_SECRET}` },
    }
    config.extra = {
      GITHUB_TOKEN: FIELD_SECRET,
      password: FIELD_SECRET,
      nested: [{ accessToken: FIELD_SECRET }],
    }
    store.tasks.updateConfig(task.id, JSON.stringify(config))
    for (const run of runs) drive(store, run.id, 'scored', { score: 60 })

    const doc = buildTaskExport(store, task.id, { opencodeVersion: '1.18.33', app: '0.1.0' })
    const text = JSON.stringify(doc)
    expect(text).not.toContain(ENV_SECRET)
    expect(text).not.toContain(FILE_SECRET)
    expect(text).not.toContain(FIELD_SECRET)
    expect(text).not.toContain('envsecret')
    // The provider config is named, never inlined.
    expect((doc.task.config.agent as Record<string, unknown>).opencodeConfig).toBe(providerFile)
    expect((doc.task.config.agent as Record<string, unknown>).apiKey).toBe('[redacted]')
    expect(exportSchema.safeParse(doc).success).toBe(true)
  })

  it('a full export carries every run’s output, trajectory and diff without the secrets they held', () => {
    vi.stubEnv('ANTHROPIC_API_KEY', ENV_SECRET)
    const { task, runs } = seedExportTask(store, { cases: ['c1'], rounds: 1 })
    for (const run of runs) {
      store.trajectories.appendEvents(run.id, [
        { type: 'text', part: { text: `calling the api with ${ENV_SECRET}` } },
        {
          type: 'tool_use',
          part: {
            tool: 'bash',
            state: { status: 'completed', input: { command: `KEY=${ENV_SECRET} curl` }, output: 'ok' },
          },
        },
      ])
      store.trajectories.finish(run.id, {
        sessionId: `ses_${run.id}`,
        prompt: 'prompt of c1',
        finalOutput: `Done. The key was ${ENV_SECRET}.`,
        diff: `+++ b/.env\n+ANTHROPIC_API_KEY=${ENV_SECRET}\n`,
        stderrTail: null,
      })
      drive(store, run.id, 'scored', { score: 60 })
    }
    const doc = buildTaskExport(store, task.id, {
      opencodeVersion: null,
      app: '0.1.0',
      full: { blind: null },
    })
    expect(JSON.stringify(doc)).not.toContain(ENV_SECRET)
    const review = doc.runs[0]?.review
    expect(review?.finalOutput).toBe('Done. The key was [redacted].')
    expect(review?.trajectory).toContain('KEY=[redacted] curl')
    expect(review?.diff).toContain('+ANTHROPIC_API_KEY=[redacted]')
    expect(exportSchema.safeParse(doc).success).toBe(true)
  })

  it('secret-looking field names are recognised; ordinary config keys are not', () => {
    for (const name of [
      'apiKey',
      'api_key',
      'OPENAI_API_KEY',
      'token',
      'GITHUB_TOKEN',
      'accessToken',
      'password',
      'clientSecret',
      'key',
      'Authorization',
    ])
      expect(isSecretFieldName(name), name).toBe(true)
    const ordinary = [
      'name',
      'path',
      'label',
      'kind',
      'model',
      'opencodeConfig',
      'repeatRounds',
      'costBudget',
      'costMetric',
      'maxTokens',
      'tokens',
      'prompt',
      'command',
      'weight',
      'passThreshold',
      'stabilityTolerance',
      'keywords',
    ]
    for (const name of ordinary) expect(isSecretFieldName(name), name).toBe(false)
    expect(redactSecretFields({ policy: { costMetric: 'tokens' }, apiKey: 'x', token: null })).toEqual({
      policy: { costMetric: 'tokens' },
      apiKey: '[redacted]',
      token: null,
    })
  })
})
