// A config handed to the setup form from elsewhere (duplicate a task, the bundled example).
import { create } from 'zustand'

interface SetupDraftState {
  prefill: unknown
  setPrefill(config: unknown): void
}

export const useSetupDraft = create<SetupDraftState>((set) => ({
  prefill: null,
  setPrefill: (prefill) => set({ prefill }),
}))
