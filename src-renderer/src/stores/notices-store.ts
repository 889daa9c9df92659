// Short messages for the user (an action's failure, "export saved"): shown at the bottom, dismissable.
import { create } from 'zustand'

export interface Notice {
  id: number
  kind: 'error' | 'info'
  text: string
}

interface NoticesState {
  notices: Notice[]
  push(kind: Notice['kind'], text: string): void
  dismiss(id: number): void
}

let next = 1
export const NOTICE_MS = 8000

export const useNotices = create<NoticesState>((set, get) => ({
  notices: [],
  push(kind, text) {
    const id = next++
    set({ notices: [...get().notices.slice(-4), { id, kind, text }] })
    setTimeout(() => get().dismiss(id), NOTICE_MS)
  },
  dismiss: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
}))

/** Runs an api action, showing its failure as a notice; resolves to its result or undefined. */
export async function attempt<T>(what: string, action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action()
  } catch (err) {
    useNotices.getState().push('error', `${what}: ${err instanceof Error ? err.message : String(err)}`)
    return undefined
  }
}
