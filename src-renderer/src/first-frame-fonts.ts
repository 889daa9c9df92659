// What the task view draws its text in: each font (weight, size, family) and every character beyond ASCII.
// warm-fonts.ts looks them up before the first frame; e2e/big-task.spec.ts checks the view uses nothing else.
export interface WarmFont {
  weight: number
  /** CSS px. */
  size: number
  /** The stylesheet's monospace stack (`--mono`); else the page's own font. */
  mono?: boolean
}

export const FIRST_FRAME_FONTS: readonly WarmFont[] = [
  { weight: 400, size: 14 },
  { weight: 600, size: 14 },
  { weight: 400, size: 12 },
  { weight: 600, size: 12 },
  { weight: 700, size: 12 },
  { weight: 600, size: 11.5 },
  { weight: 700, size: 11 },
  { weight: 700, size: 15 },
  { weight: 700, size: 16 },
  { weight: 700, size: 20 },
  { weight: 400, size: 12.5, mono: true },
]

/** Letters, digits and every character beyond ASCII the task view shows (its badges, arrows and signs). */
export const WARM_TEXT = 'Aa 0123456789 ·×…Δ’“”↑↓←→▲▼☾☀⊘●✓–−'
