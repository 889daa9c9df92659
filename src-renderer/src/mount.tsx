// The screens: React DOM and the app, loaded by main.tsx after it has asked for the landing task's runs, so
// the request is answered while this (the bulk of the code) loads.
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { App } from './App'

/** Renders the app into `root` before it returns (what is loaded by then is on screen at the next paint). */
export function mount(root: HTMLElement): void {
  const app = createRoot(root)
  flushSync(() => app.render(<App />))
}
