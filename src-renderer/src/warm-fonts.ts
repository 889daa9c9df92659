// The fonts the task view's first frame draws its text in (first-frame-fonts.ts), looked up while the page
// waits for its screens and first screenful. A cold page finds each face and size the first time a layout
// needs it (on Linux a call to the browser process for each, and a fallback search for a character its font
// lacks): 8–12 ms of the first frame's layout at 5,000 runs, which move here to a moment the page has nothing
// else to do (docs/architecture.md, "First render").
import { paintThen } from './after-paint'
import { FIRST_FRAME_FONTS, WARM_TEXT } from './first-frame-fonts'

/**
 * Lays out a hidden line in each font, at once (the lookups happen now), and removes it once the next frame
 * is painted.
 */
export function warmFonts(doc: Document): void {
  const box = doc.createElement('div')
  box.setAttribute('aria-hidden', 'true')
  box.style.cssText =
    'position:absolute;left:-9999px;top:0;visibility:hidden;contain:strict;width:1px;height:1px'
  for (const f of FIRST_FRAME_FONTS) {
    const line = doc.createElement('span')
    line.textContent = WARM_TEXT
    line.style.fontWeight = String(f.weight)
    line.style.fontSize = `${f.size}px`
    if (f.mono) line.style.fontFamily = 'var(--mono)'
    box.append(line)
  }
  doc.body.append(box)
  void box.offsetWidth
  paintThen(() => box.remove())
}
