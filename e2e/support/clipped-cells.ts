// What a run table shows cut at the window's width: each cell whose content does not fit its box.
import type { Page } from 'playwright/test'

/** What a cell shows that does not fit its box (a case's name excepted: it has the room left, and a title). */
export const clippedCells = (page: Page) =>
  // Words for screen readers only (.sr-only) are clipped on purpose.
  page.locator('.rt-row > div:not(.rt-case):not(:has(> .sr-only))').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const doc = cell.ownerDocument
      const style = doc.defaultView?.getComputedStyle(cell)
      const room =
        cell.clientWidth - parseFloat(style?.paddingLeft ?? '0') - parseFloat(style?.paddingRight ?? '0')
      const range = doc.createRange()
      range.selectNodeContents(cell)
      const need = range.getBoundingClientRect().width
      // A badge shrinks to fit (ending in …) before its cell overflows.
      const short = Math.max(
        0,
        ...[...cell.querySelectorAll('.badge')].map((b) => b.scrollWidth - b.clientWidth),
      )
      const over = Math.max(short, need - room)
      return over > 0.5 ? [`${cell.textContent}: ${over.toFixed(0)} px too wide`] : []
    }),
  )
