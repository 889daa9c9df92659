// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { useRoute } from '../../stores/route-store'
import { installFakeApi } from '../../testing/fake-api.fixture'
import { choose, click, render, settle, submit, type, type Rendered } from '../../testing/render.fixture'
import { TaskSetupScreen } from './TaskSetupScreen'
import { VALIDATE_DELAY_MS } from './use-preview'

let view: Rendered | undefined
afterEach(() => view?.unmount())

const SETTINGS = {
  opencodeBin: null,
  providerConfig: null,
  defaultAgentModel: null,
  defaultJudgeModel: null,
  concurrency: 2,
  judgeConcurrency: 3,
}

function fake() {
  return installFakeApi({
    'app.info': () => ({ homeDir: '/home/u', providerConfig: null }),
    'settings.get': () => SETTINGS,
    'inputs.skill': () => ({
      name: 'pirate-speak',
      description: 'Talk like a pirate',
      contentHash: 'sha256:abcdef0123456789',
    }),
    // The skill folder is in a git repository; the baseline folder is not.
    'inputs.gitVersions': ({ path }: { path: string }) =>
      path.startsWith('/repo/')
        ? {
            repo: '/repo',
            path: 'skills/pirate-speak',
            workingCopyChanged: true,
            versions: [
              {
                kind: 'branch',
                ref: 'main',
                sha: 'b'.repeat(40),
                subject: 'More arr',
                date: '2026-02-01T10:00:00Z',
              },
              {
                kind: 'tag',
                ref: 'v1',
                sha: 'a'.repeat(40),
                subject: 'First cut',
                date: '2026-01-01T10:00:00Z',
              },
              {
                kind: 'commit',
                ref: 'b'.repeat(40),
                sha: 'b'.repeat(40),
                subject: 'More arr',
                date: '2026-02-01T10:00:00Z',
              },
              {
                kind: 'commit',
                ref: 'a'.repeat(40),
                sha: 'a'.repeat(40),
                subject: 'First cut',
                date: '2026-01-01T10:00:00Z',
              },
            ],
          }
        : { repo: null, path: '', workingCopyChanged: false, versions: [] },
    'inputs.dataset': () => ({
      format: 'jsonl',
      cases: [
        { id: 'c1', prompt: 'Say hi', tags: [] },
        { id: 'c2', prompt: 'Say bye', tags: [] },
      ],
    }),
    // The model field is checked like main checks it: no provider → an issue on agent.model.
    // A missing skill folder is reported with code `required` and a text the form must not parse.
    'tasks.validate': ({
      config,
    }: {
      config: { agent?: { model?: string }; skill?: { path?: string; git?: unknown } }
    }) => ({
      issues: [
        ...(config.agent?.model === undefined
          ? [{ field: 'agent.model', code: 'required', message: 'agent.model is required' }]
          : /^[^/\s]+\/\S+$/.test(config.agent.model)
            ? []
            : [
                {
                  field: 'agent.model',
                  code: 'invalid',
                  message: 'agent.model: "gpt" has no provider: write "provider/model"',
                },
              ]),
        ...(config.skill?.path || config.skill?.git
          ? []
          : [{ field: 'skill.path', code: 'required', message: 'the skill folder: fill it in' }]),
      ],
      warnings: [],
    }),
    'tasks.create': () => ({ taskId: 'task_new' }),
  })
}

const input = (testId: string) => view?.container.querySelector(`[data-testid="${testId}"]`)

describe('task setup', () => {
  it('builds the config from form controls, shows a problem under its field, and creates the task once fixed', async () => {
    const api = fake()
    view = await render(<TaskSetupScreen />)
    await type(input('task-name'), 'pirate v2 vs none')
    await type(input('skill-path'), '/skills/pirate-speak')
    await type(input('dataset-path'), '/data/cases.jsonl')
    await type(input('agent-model'), 'gpt')
    await settle(VALIDATE_DELAY_MS + 50)
    expect(input('agent-model')?.getAttribute('aria-invalid')).toBe('true')
    expect(input('agent-model')?.closest('.field')?.textContent).toContain('has no provider')
    expect(view.container.textContent).toContain('2 of 2 cases selected')
    // Untick case c2 in the picker: the config lists the one case left.
    await click(view.container.querySelector('[aria-label="case c2"]'))
    await type(input('agent-model'), 'scripted/agent')
    await choose(input('driver'), 'server')
    await settle(VALIDATE_DELAY_MS + 50)
    expect(input('agent-model')?.getAttribute('aria-invalid')).toBe('false')
    await submit(input('create-task'))
    await settle()
    const created = api.calls.find((c) => c.channel === 'tasks.create')?.payload as {
      config: Record<string, unknown>
    }
    expect(created.config).toMatchObject({
      name: 'pirate v2 vs none',
      skill: { path: '/skills/pirate-speak' },
      baseline: { kind: 'none' },
      dataset: { path: '/data/cases.jsonl' },
      cases: ['c1'],
      repeatRounds: 3,
      agent: { model: 'scripted/agent', concurrency: 2, driver: 'server' },
      evaluators: [{ id: 'preset-agent-task-completion', weight: 1 }],
      policy: { minLift: 5, costMetric: 'tokens' },
    })
    expect(useRoute.getState().route.taskId).toBe('task_new')
  })

  it('sets how failed runs score, the failure tolerance, the minimum skill use and the primary judgement, with help under each', async () => {
    const api = fake()
    view = await render(<TaskSetupScreen />)
    await type(input('task-name'), 'pirate policy')
    await type(input('skill-path'), '/skills/pirate-speak')
    await type(input('dataset-path'), '/data/cases.jsonl')
    await type(input('agent-model'), 'scripted/agent')
    const field = (label: string) =>
      [...(view?.container.querySelectorAll('.field') ?? [])].find(
        (f) => f.querySelector('label')?.textContent === label,
      )
    expect(field('Failure tolerance (share of runs)')?.textContent).toContain(
      '10 percentage points more often',
    )
    expect(field('Minimum skill use (share of b runs)')?.textContent).toContain('fewer than half of its runs')
    expect(field('A run the agent failed scores')?.textContent).toContain(
      'Provider errors and cancels never count',
    )
    expect(field('Capability decided by')?.textContent).toContain('Pairwise needs the pairwise evaluator')
    await choose(input('policy-failedRunScore'), 'missing')
    await type(field('Failure tolerance (share of runs)')?.querySelector('input'), '0.2')
    await type(field('Minimum skill use (share of b runs)')?.querySelector('input'), '0.3')
    await choose(input('policy-primary'), 'pairwise')
    await settle(VALIDATE_DELAY_MS + 50)
    await submit(input('create-task'))
    await settle()
    const created = api.calls.find((c) => c.channel === 'tasks.create')?.payload as {
      config: Record<string, unknown>
    }
    expect(created.config.policy).toMatchObject({
      failedRunScore: 'missing',
      failureTolerance: 0.2,
      minTriggerRate: 0.3,
      primary: 'pairwise',
    })
  })

  it('shows a missing field (code "required") only once Create is pressed, whatever its text says', async () => {
    const api = fake()
    view = await render(<TaskSetupScreen />)
    await type(input('task-name'), 'pirate v2 vs none')
    await type(input('dataset-path'), '/data/cases.jsonl')
    await type(input('agent-model'), 'scripted/agent')
    await settle(VALIDATE_DELAY_MS + 50)
    const skillField = () => input('skill-path')?.closest('.field')
    expect(input('skill-path')?.getAttribute('aria-invalid')).toBe('false')
    expect(skillField()?.textContent).not.toContain('fill it in')
    await submit(input('create-task'))
    await settle()
    expect(input('skill-path')?.getAttribute('aria-invalid')).toBe('true')
    expect(skillField()?.textContent).toContain('The skill folder: fill it in')
    expect(api.calls.some((c) => c.channel === 'tasks.create')).toBe(false)
  })

  it('leaves the model field unmarked until something is typed or Create is pressed', async () => {
    fake()
    view = await render(<TaskSetupScreen />)
    await settle(VALIDATE_DELAY_MS + 50)
    expect(input('agent-model')?.getAttribute('aria-invalid')).toBe('false')
    await submit(input('create-task'))
    await settle()
    expect(input('agent-model')?.getAttribute('aria-invalid')).toBe('true')
  })

  it('picks a and b among the git versions of the skill folder (or its working copy), and writes them as git sources', async () => {
    const api = fake()
    view = await render(<TaskSetupScreen />)
    await type(input('task-name'), 'main vs v1')
    await type(input('skill-path'), '/repo/skills/pirate-speak')
    await type(input('dataset-path'), '/data/cases.jsonl')
    await type(input('agent-model'), 'scripted/agent')
    await settle(VALIDATE_DELAY_MS + 50)
    const picker = input('skill-version')
    const options = [...(picker?.querySelectorAll('option') ?? [])].map((o) => o.textContent)
    expect(options).toEqual([
      'working copy (with uncommitted changes)',
      'branch main — bbbbbbb More arr',
      'tag v1 — aaaaaaa First cut',
      'bbbbbbb More arr (2026-02-01)',
      'aaaaaaa First cut (2026-01-01)',
    ])
    expect([...(picker?.querySelectorAll('optgroup') ?? [])].map((g) => g.getAttribute('label'))).toEqual([
      'Branches',
      'Tags',
      'Commits that changed the folder',
    ])
    await choose(picker, 'main')
    await click(view.container.querySelectorAll('input[name="baseline"]')[1])
    // A folder outside git offers no versions: only its working copy runs.
    await type(input('baseline-path'), '/plain/pirate-speak')
    await settle(VALIDATE_DELAY_MS + 50)
    expect(input('baseline-version')).toBeNull()
    await type(input('baseline-path'), '/repo/skills/pirate-speak')
    await settle(VALIDATE_DELAY_MS + 50)
    await choose(input('baseline-version'), 'a'.repeat(40))
    await settle(VALIDATE_DELAY_MS + 50)
    await submit(input('create-task'))
    await settle()
    const created = api.calls.find((c) => c.channel === 'tasks.create')?.payload as {
      config: Record<string, unknown>
    }
    expect(created.config.skill).toEqual({
      git: { repo: '/repo/skills/pirate-speak', ref: 'main', path: '.' },
    })
    expect(created.config.baseline).toEqual({
      kind: 'skill',
      git: { repo: '/repo/skills/pirate-speak', ref: 'a'.repeat(40), path: '.' },
    })
  })
})
