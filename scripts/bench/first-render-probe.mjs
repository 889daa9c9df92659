/* global document, window, requestAnimationFrame, MutationObserver -- code run inside the page */
// The page's init script for timing the first render (`npm run bench`, render-ab.mjs): when the first run
// cell exists and when its frame is painted (wall-clock ms), reported through the `skillAbFirstRender`
// binding, so that Playwright puts no script in the page before then.

/**
 * Injected as `(${firstRenderProbe})(phasesOf)`; `phasesOf(firstRunAt, paintedAt)` (or null) adds the page's
 * own marks. Painted: a timer queued from a frame callback of a loop started with the page, so it runs right
 * after that frame's paint and before work the app queues from its own frame callbacks (its table taking over
 * after the first paint).
 */
export function firstRenderProbe(phasesOf) {
  const now = () => performance.timeOrigin + performance.now()
  let firstRunAt = null
  const frame = () => {
    if (firstRunAt === null) return void requestAnimationFrame(frame)
    setTimeout(() => {
      const paintedAt = now()
      const phases = phasesOf ? phasesOf(firstRunAt, paintedAt) : {}
      window.skillAbFirstRender(
        JSON.stringify({ firstRunAt, paintedAt, phases, timeOrigin: performance.timeOrigin }),
      )
    })
  }
  requestAnimationFrame(frame)
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-run]')) return
    firstRunAt = now()
    observer.disconnect()
  }).observe(document, { childList: true, subtree: true })
}
