// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { useRoute } from '../../stores/route-store'
import { useSetupDraft } from '../../stores/setup-draft-store'
import { installFakeApi } from '../../testing/fake-api.fixture'
import { detail, summary } from '../../testing/views.fixture'
import { click, render, settle, type Rendered } from '../../testing/render.fixture'
import { SourceChanged } from './SourceChanged'

let view: Rendered | undefined
afterEach(() => {
  view?.unmount()
  view = undefined
  useSetupDraft.setState({ prefill: null })
  location.hash = ''
})

const changed = "skill.path: the skill's contents changed (1a2b3c4d → 5e6f7a8b)"

describe('the task screen when the source changed', () => {
  it('says the skill folder changed since the task was made and offers a new task for the new version', async () => {
    installFakeApi({ 'tasks.sourceChanges': () => ({ changes: [changed] }) })
    view = await render(<SourceChanged detail={detail(summary('task_1', 'pirate check'))} />)
    await settle()
    const notice = view.container.querySelector('[data-testid="source-changed"]')
    // A badge that opens over the page (it arrives after the runs are drawn and must not push them down).
    expect(notice?.querySelector('summary')?.textContent).toBe('source changed')
    expect(notice?.hasAttribute('open')).toBe(false)
    expect(notice?.textContent).toContain(`The source changed since this task was made: ${changed}`)
    expect(notice?.textContent).toContain('keeps running the version it stored')

    await click(
      [...(notice?.querySelectorAll('button') ?? [])].find((b) => /New task/.test(b.textContent ?? '')),
    )
    expect(useRoute.getState().route.screen).toBe('setup')
    const prefill = useSetupDraft.getState().prefill as { name: string; skill: Record<string, unknown> }
    expect(prefill.name).toBe('pirate check (new version)')
    // The new task's skill is labelled by its new contents (the old label named the old contents).
    expect(prefill.skill).toEqual({ path: '/skills/pirate-speak' })
  })

  it('says nothing while the sources are unchanged, or when they cannot be checked', async () => {
    installFakeApi({ 'tasks.sourceChanges': () => ({ changes: [] }) })
    view = await render(<SourceChanged detail={detail(summary('task_1'))} />)
    await settle()
    expect(view.container.textContent).toBe('')
    view.unmount()
    installFakeApi({})
    view = await render(<SourceChanged detail={detail(summary('task_1'))} />)
    await settle()
    expect(view.container.textContent).toBe('')
  })
})
