// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { render, type Rendered } from '../testing/render.fixture'
import { useClosingDetails } from './closing-details'

let view: Rendered | undefined
afterEach(() => view?.unmount())

function Menu() {
  const ref = useClosingDetails()
  return (
    <div>
      <details ref={ref}>
        <summary>Columns</summary>
        <label>
          <input type="checkbox" /> status
        </label>
      </details>
      <p>elsewhere</p>
    </div>
  )
}

describe('a <details> menu', () => {
  it('closes on Escape with the focus back on its summary, and on a press outside it, not inside', async () => {
    view = await render(<Menu />)
    const details = view.container.querySelector('details') as HTMLDetailsElement
    const press = (el: Element) => el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))

    details.open = true
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(details.open).toBe(false)
    expect(document.activeElement).toBe(details.querySelector('summary'))

    details.open = true
    press(details.querySelector('input') as Element)
    expect(details.open).toBe(true)
    press(view.container.querySelector('p') as Element)
    expect(details.open).toBe(false)
  })
})
