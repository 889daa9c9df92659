// Light / dark / system theme, remembered per browser profile; applied as `data-theme` on <html>.
import { create } from 'zustand'

export type ThemeChoice = 'light' | 'dark' | 'system'
const KEY = 'skill-ab.theme'

function stored(): ThemeChoice {
  try {
    const v = localStorage.getItem(KEY)
    return v === 'light' || v === 'dark' ? v : 'system'
  } catch {
    return 'system'
  }
}

export function effectiveTheme(choice: ThemeChoice): 'light' | 'dark' {
  if (choice !== 'system') return choice
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light'
}

export function applyTheme(choice: ThemeChoice): void {
  document.documentElement.dataset.theme = effectiveTheme(choice)
}

interface ThemeState {
  choice: ThemeChoice
  /** The system's theme, as last seen: what "system" shows (the toggle's label follows it too). */
  system: 'light' | 'dark'
  set(choice: ThemeChoice): void
  /** The system's theme changed (matchMedia): "system" follows it. */
  followSystem(): void
}

export const useTheme = create<ThemeState>((set, get) => ({
  choice: stored(),
  system: effectiveTheme('system'),
  followSystem() {
    applyTheme(get().choice)
    set({ system: effectiveTheme('system') })
  },
  set(choice) {
    try {
      localStorage.setItem(KEY, choice)
    } catch {
      // private mode: the choice lasts for this page
    }
    applyTheme(choice)
    set({ choice })
  },
}))
