// Test-only: an `api` whose channels answer from handlers the test gives (others refuse), recording every
// call, and whose patches the test pushes.
import type { Api } from '../../../src-shared/ipc'
import { ApiError } from '../../../src-shared/api-error'
import type { Patch } from '../../../src-shared/ipc-views'
import { apiOver, setApi } from '../api/api'

export interface FakeApi {
  api: Api
  calls: { channel: string; payload: unknown }[]
  push(patch: Partial<Patch>): void
}

export function installFakeApi(handlers: Record<string, (payload: never) => unknown>): FakeApi {
  const listeners = new Set<(p: Patch) => void>()
  const calls: FakeApi['calls'] = []
  const api = apiOver({
    async call(channel, payload) {
      calls.push({ channel, payload })
      const handler = handlers[channel]
      if (!handler) throw new ApiError({ kind: 'internal', message: `no fake for ${channel}` })
      return handler(payload as never)
    },
    onPatch(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  })
  setApi(api)
  return {
    api,
    calls,
    push: (patch) => {
      for (const l of listeners) l({ runs: [], tasks: [], external: false, ...patch })
    },
  }
}
