// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from 'vitest'
import { click, render, type Rendered } from '../testing/render.fixture'
import { FileButton } from './FileButton'

let view: Rendered | undefined
afterEach(() => view?.unmount())

it('is a button the keyboard reaches, opening the file input, and gives the chosen file', async () => {
  const onFile = vi.fn()
  view = await render(<FileButton onFile={onFile}>Choose a .json file…</FileButton>)
  const button = view.container.querySelector('button')
  const input = view.container.querySelector('input[type=file]') as HTMLInputElement
  expect(button?.textContent).toBe('Choose a .json file…')
  expect(button?.tabIndex).toBe(0) // a label over a hidden input was skipped by Tab
  const opened = vi.spyOn(input, 'click')
  await click(button)
  expect(opened).toHaveBeenCalledOnce()
  const file = new File(['{}'], 'x.json', { type: 'application/json' })
  Object.defineProperty(input, 'files', { value: [file], configurable: true })
  input.dispatchEvent(new Event('change', { bubbles: true }))
  expect(onFile).toHaveBeenCalledWith(file)
})
