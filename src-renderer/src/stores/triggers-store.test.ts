// Trigger tasks on screen follow live patches — and only while the Triggers screen is shown.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src-shared/api-error'
import { installFakeApi } from '../testing/fake-api.fixture'
import { useTriggers } from './triggers-store'

const flush = () => new Promise((r) => setTimeout(r, 0))

describe('useTriggers', () => {
  it('a patch naming the open trigger task reloads its report and the list; another screen loads nothing', async () => {
    const fake = installFakeApi({
      'triggers.list': () => [],
      'triggers.get': () => ({ task: { id: 'trg_1' }, report: {} }),
    })
    const store = useTriggers.getState()
    store.watch(false)
    store.applyPatch({ runs: [], tasks: [], external: true, triggers: ['trg_1'] })
    await flush()
    expect(fake.calls).toEqual([])

    store.watch(true)
    await store.open('trg_1')
    fake.calls.length = 0
    store.applyPatch({ runs: [], tasks: [], external: false, triggers: ['trg_2'] })
    await flush()
    expect(fake.calls.map((c) => c.channel)).toEqual(['triggers.list'])
    store.applyPatch({ runs: [], tasks: [], external: false, triggers: ['trg_1'] })
    await flush()
    expect(fake.calls.map((c) => c.channel)).toEqual(['triggers.list', 'triggers.list', 'triggers.get'])
    expect(useTriggers.getState().detail?.task.id).toBe('trg_1')
  })

  it('the open task deleted in another window leaves an empty report, not an error', async () => {
    let exists = true
    installFakeApi({
      'triggers.list': () => [],
      'triggers.get': () => {
        if (exists) return { task: { id: 'trg_1' }, report: {} }
        throw new ApiError({ kind: 'not_found', message: 'no trigger task trg_1' })
      },
    })
    const store = useTriggers.getState()
    store.watch(true)
    await store.open('trg_1')
    expect(useTriggers.getState().detail?.task.id).toBe('trg_1')
    exists = false
    store.applyPatch({ runs: [], tasks: [], external: false, triggers: ['trg_1'] })
    await flush()
    await flush()
    expect(useTriggers.getState().detail).toBeNull()
    expect(useTriggers.getState().error).toBeNull()
  })
})
