// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { render, type Rendered } from '../testing/render.fixture'
import { Modal } from './Modal'

let view: Rendered | undefined
afterEach(() => view?.unmount())

async function tab(shiftKey = false) {
  await act(async () => {
    document.activeElement?.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true }),
    )
  })
}

describe('a dialog keeps the keyboard focus inside it', () => {
  it('Tab on its last control goes to its first (Close), Shift+Tab on the first to the last; closing gives focus back', async () => {
    const opener = document.createElement('button')
    document.body.append(opener)
    opener.focus()
    view = await render(
      <Modal title="Correct a score" onClose={() => {}} footer={<button>Save</button>}>
        <input aria-label="score" />
      </Modal>,
    )
    const dialog = document.querySelector('[role="dialog"]')
    expect(document.activeElement).toBe(dialog)
    const save = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save')
    await act(async () => save?.focus())
    await tab()
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close')
    await tab(true)
    expect(document.activeElement).toBe(save)
    view.unmount()
    view = undefined
    expect(document.activeElement).toBe(opener)
    opener.remove()
  })
})
