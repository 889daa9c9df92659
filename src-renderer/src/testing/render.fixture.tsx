// Test-only: renders React into happy-dom and lets tests wait for async effects.
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export interface Rendered {
  container: HTMLElement
  unmount(): void
}

export async function render(node: ReactNode): Promise<Rendered> {
  const container = document.createElement('div')
  document.body.append(container)
  let root: Root | undefined
  await act(async () => {
    root = createRoot(container)
    root.render(node)
  })
  return {
    container,
    unmount: () => {
      act(() => root?.unmount())
      container.remove()
    },
  }
}

/** Lets pending promises and timers of effects run (inside act). */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms))
  })
}

export async function click(el: Element | null | undefined): Promise<void> {
  if (!el) throw new Error('nothing to click')
  await act(async () => {
    ;(el as HTMLElement).click()
  })
}

/** Types into an input the way React sees it (the native setter, then an input event). */
export async function type(el: Element | null | undefined, value: string): Promise<void> {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) throw new Error('not an input')
  const proto = el instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** Picks `value` in a <select> as a user would (React listens to its change event). */
export async function choose(el: Element | null | undefined, value: string): Promise<void> {
  if (!(el instanceof HTMLSelectElement)) throw new Error('not a select')
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(el, value)
    el.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

/** Runs an async store action inside act (its state updates re-render components). */
export async function during(action: () => Promise<unknown>): Promise<void> {
  await act(async () => {
    await action()
  })
}

/**
 * happy-dom lays nothing out (every box is 0×0), so a virtualised list would render no row: give every
 * element a 1200×800 box, as a window would.
 */
export function giveLayout(): void {
  const box = {
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    width: 1200,
    height: 800,
    right: 1200,
    bottom: 800,
    toJSON: () => ({}),
  }
  HTMLElement.prototype.getBoundingClientRect = () => box as DOMRect
  for (const [prop, value] of [
    ['offsetHeight', 800],
    ['offsetWidth', 1200],
    ['clientHeight', 800],
    ['clientWidth', 1200],
  ] as const)
    Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value })
}

/** Presses a submit button (happy-dom does not submit a form on a button click). */
export async function submit(button: Element | null | undefined): Promise<void> {
  const form = (button as HTMLButtonElement | null)?.form
  if (!form) throw new Error('no form to submit')
  await act(async () => {
    form.requestSubmit(button as HTMLButtonElement)
  })
}
