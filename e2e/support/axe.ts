// The axe audit (axe-core, WCAG 2.0 and 2.1 A and AA rules) of the page as it is now, cut to what stops or
// badly slows a person (impact serious or critical), each finding one line a failure message can show.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright/test'

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** "screen: rule (impact) target — help: why", one per element a serious or critical rule fails on. */
export async function seriousFindings(page: Page, screen: string): Promise<string[]> {
  // Legacy mode: axe runs in the page itself instead of gathering frames' results in a blank page it opens
  // beside it; the app has no frames, and an audit takes half the time.
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => {
        // The first line of the summary is "Fix any of the following:"; what follows says what is wrong.
        const why = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()
        return `${screen}: ${v.id} (${v.impact}) ${n.target.join(' > ')} — ${v.help}${why ? `: ${why}` : ''}`
      }),
    )
}
