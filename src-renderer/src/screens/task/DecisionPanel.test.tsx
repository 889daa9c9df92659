// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import type { Decision } from '../../../../src-shared/decision'
import type { RunView } from '../../../../src-shared/ipc-views'
import type { Spend } from '../../../../src-shared/spend'
import { decisionFixture, PAIRWISE } from '../../testing/decision.fixture'
import { run } from '../../testing/views.fixture'
import { render, type Rendered } from '../../testing/render.fixture'
import { DecisionPanel } from './DecisionPanel'

let view: Rendered | undefined
afterEach(() => view?.unmount())

async function show(decision: Decision, spend?: Spend): Promise<HTMLElement> {
  view = await render(<DecisionPanel decision={decision} runs={[]} spend={spend} />)
  return view.container
}
const card = (root: HTMLElement, id: string) => root.querySelector(`[data-dimension="${id}"]`)
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ') ?? ''
const details = (el: Element | null | undefined) => text(el?.querySelector('details'))
const tag = (el: Element | null | undefined) => el?.querySelector('[data-tag]')?.textContent ?? null

describe('decision panel', () => {
  it('lists the warnings, code and message, above the verdict', async () => {
    const root = await show(decisionFixture())
    const list = root.querySelector('[aria-label="Warnings"]')
    const items = [...(list?.querySelectorAll('li') ?? [])]
    expect(items.map((li) => li.getAttribute('data-warning'))).toEqual([
      'low-trigger-rate',
      'judge-same-family',
    ])
    expect(text(items[0])).toContain('low-trigger-rate b used the skill in 3 of 12 runs (25%)')
    const verdict = root.querySelector('[data-verdict]') as Element
    expect(list?.compareDocumentPosition(verdict)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })

  it('shows no verdict before any run has finished (not "inconclusive" from the first second)', async () => {
    const at = (status: RunView['status'], side: 'a' | 'b') => run('t', 'c1', side, 1, { status })
    const starting = [at('pending', 'a'), at('running', 'b')]
    view = await render(<DecisionPanel decision={decisionFixture()} runs={starting} />)
    expect(text(view.container.querySelector('[data-verdict] .big'))).toBe('no verdict yet')
    view.unmount()
    const later = [at('scored', 'a'), at('running', 'b')]
    view = await render(<DecisionPanel decision={decisionFixture()} runs={later} />)
    expect(text(view.container.querySelector('[data-verdict] .big'))).toBe(decisionFixture().verdict)
  })

  it('leads with one plain sentence of what decided it; the statistical reasons wait behind "How this was decided"', async () => {
    const root = await show(decisionFixture())
    const headline = root.querySelector('[data-testid="verdict-headline"]')
    expect(text(headline)).toBe("Rejected: b's agent failed 9 of 16 runs, a's 1 of 16.")
    const how = root.querySelector('.how-decided') as HTMLDetailsElement
    expect(how.open).toBe(false)
    expect(text(how.querySelector('summary'))).toBe('How this was decided')
    expect(text(how)).toContain('failures: b failed 9 of 16 runs, a 1 of 16')
    expect(headline?.compareDocumentPosition(how)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })

  it('shows no warnings list when there is nothing to warn about', async () => {
    const root = await show(decisionFixture({ warnings: [] }))
    expect(root.querySelector('[aria-label="Warnings"]')).toBeNull()
  })

  it('rejects for failures with b − a in failure share, its CI, each side’s failed runs and the tolerance; the formula one click away', async () => {
    const root = await show(decisionFixture())
    const failures = card(root, 'failures')
    expect(failures?.querySelector('.badge')?.textContent).toBe('reject')
    expect(text(failures)).toContain('+50 pp per-case share of runs failed, b − a')
    expect(text(failures)).toContain('b failed 9 of 16 runs (56%), a 1 of 16 runs (6%)')
    expect(text(failures)).toContain('CI +25 to +75 pp · n = 8 cases · tolerance 10 pp')
    expect(text(failures)).toContain('not counted against a side: a 0, b 2 runs')
    expect(details(failures)).toContain('f_i = attributable failures')
    expect(details(failures)).toContain('reject when CI low > 10 pp; pass when CI high ≤ 10 pp')
  })

  it('says how often b used its skill with a Wilson CI, flags it below the minimum, and gives the two lifts', async () => {
    const root = await show(decisionFixture())
    const trigger = card(root, 'trigger')
    expect(text(trigger)).toContain('25% of b’s runs used the skill')
    expect(text(trigger?.querySelector('[data-trigger-side="b"]'))).toBe(
      'b: skill used in 3 of 12 runs (25%, CI 9–53%)',
    )
    expect(trigger?.querySelector('[data-trigger-side="a"]')).toBeNull()
    expect(tag(trigger)).toBe('below 50% of runs')
    expect(text(trigger)).toContain('lift where b used the skill in every round: +12.0 points (n = 2 cases)')
    expect(text(trigger)).toContain('lift on the other cases: −1.5 points (n = 6 cases)')
    expect(details(trigger)).toContain('Wilson')
  })

  it('shows side a’s skill use only when side a runs a skill, and no flag when b uses its skill enough', async () => {
    const d = decisionFixture()
    const root = await show({
      ...d,
      trigger: {
        ...d.trigger,
        a: { runs: 12, invoked: 12, rate: 1, ciLow: 0.757, ciHigh: 1 },
        b: { runs: 12, invoked: 9, rate: 0.75, ciLow: 0.468, ciHigh: 0.911 },
      },
    })
    const trigger = card(root, 'trigger')
    expect(text(trigger?.querySelector('[data-trigger-side="a"]'))).toBe(
      'a (baseline skill): skill used in 12 of 12 runs (100%, CI 76–100%)',
    )
    expect(tag(trigger)).toBeNull()
  })

  it('says so when no b run has executed yet instead of a rate', async () => {
    const d = decisionFixture()
    const root = await show({
      ...d,
      trigger: { ...d.trigger, b: { runs: 0, invoked: 0, rate: null, ciLow: null, ciHigh: null } },
    })
    expect(text(card(root, 'trigger'))).toContain('b: no executed run with a known skill use yet')
  })

  it('without a pairwise judge: no pairwise card and no primary tag on capability', async () => {
    const root = await show(decisionFixture())
    expect(card(root, 'pairwise')).toBeNull()
    expect(tag(card(root, 'capability'))).toBeNull()
  })

  it('with a pairwise judge: its wins, losses, ties, p-value and verdict, and which judgement decides capability', async () => {
    const root = await show(decisionFixture({ pairwise: PAIRWISE, primary: 'pairwise' }))
    const pairwise = card(root, 'pairwise')
    expect(text(pairwise)).toContain('5 won · 2 lost · 1 tied')
    expect(text(pairwise)).toContain('cases where b’s answer beat, lost to or tied with a’s')
    expect(text(pairwise)).toContain('p = 0.453 (exact sign test, ties dropped)')
    expect(text(pairwise)).toContain('16 comparisons judged in both orders; 3 flipped with the order')
    expect(pairwise?.querySelector('.badge.inconclusive')).not.toBeNull()
    expect(details(pairwise)).toContain('c2: b won 0, lost 1, tied 1 rounds → a ahead')
    expect(tag(pairwise)).toBe('primary')
    expect(tag(card(root, 'capability'))).toBe('shown beside')

    view?.unmount()
    const pointwise = await show(decisionFixture({ pairwise: PAIRWISE, primary: 'pointwise' }))
    expect(tag(card(pointwise, 'capability'))).toBe('primary')
    expect(tag(card(pointwise, 'pairwise'))).toBe('shown beside')
  })

  it('pairwise: rounds decided by a failed run, and too few cases with a verdict, are said on the card', async () => {
    const root = await show(
      decisionFixture({
        pairwise: { ...PAIRWISE, n: 7, total: 10, decidedByFailure: 2 },
        primary: 'pairwise',
      }),
    )
    const pairwise = text(card(root, 'pairwise'))
    expect(pairwise).toContain(
      '2 rounds decided by a failed run: a side that timed out, crashed or erred loses',
    )
    expect(pairwise).toContain('only 7 of 10 cases have a verdict: 80% are needed for a pass or reject')
    view?.unmount()
    const plain = text(card(await show(decisionFixture({ pairwise: PAIRWISE })), 'pairwise'))
    expect(plain).not.toContain('decided by a failed run')
    expect(plain).not.toContain('have a verdict')
  })

  it('shows the spend per side, judge and total by token kind, with dollars and wall time', async () => {
    const t = (input: number, cacheRead: number) => ({
      input,
      output: 100,
      reasoning: 0,
      cacheRead,
      cacheWrite: 0,
      total: input + 100 + cacheRead,
    })
    const spend: Spend = {
      a: { runs: 4, tokens: t(2000, 8000), costUsd: 0.04, unpriced: 0, wallSeconds: 42 },
      b: { runs: 4, tokens: t(3000, 9000), costUsd: 0.06, unpriced: 0, wallSeconds: 61 },
      judge: { judgements: 8, tokens: t(16000, 0), costUsd: null, unpriced: 8 },
      total: {
        tokens: { ...t(21000, 17000), output: 300, total: 38300 },
        costUsd: 0.1,
        unpriced: 8,
        wallSeconds: 103,
      },
    }
    const root = await show(decisionFixture(), spend)
    const row = (part: string) =>
      [...(root.querySelector(`[data-spend="${part}"]`)?.querySelectorAll('th, td') ?? [])].map(text)
    // part, counted, tokens, input, output, reasoning, cache read, cache write, dollars, wall time
    expect(row('a')).toEqual([
      'a',
      '4 runs',
      '10,100',
      '2,000',
      '100',
      '0',
      '8,000',
      '0',
      '$0.0400',
      '42.0 s',
    ])
    expect(row('judge')).toEqual([
      'judge',
      '8 judgements',
      '16,100',
      '16,000',
      '100',
      '0',
      '0',
      '0',
      '—',
      '—',
    ])
    expect(row('total')).toEqual([
      'total',
      '',
      '38,300',
      '21,000',
      '300',
      '0',
      '17,000',
      '0',
      '≥ $0.1000 (8 unpriced)',
      '1 min 43 s',
    ])
  })

  it('shows no spend for an export written before spend was recorded', async () => {
    const root = await show(decisionFixture())
    expect(root.querySelector('[data-testid="spend"]')).toBeNull()
  })

  it('keeps the three gates with their formulas one click away', async () => {
    const root = await show(decisionFixture())
    expect(text(card(root, 'capability'))).toContain('+3.5 points')
    expect(details(card(root, 'capability'))).toContain('bootstrap CI -3.1 to 10.4 (2000 resamples)')
    expect(details(card(root, 'cost'))).toContain('dollars: × 1.10')
    expect(details(card(root, 'stability'))).toContain('pass^2: a 5/8, b 5/8')
  })

  it('still shows the decision of an export made before failures and skill use were counted', async () => {
    const { failures, trigger, pairwise, primary, warnings, ...old } = decisionFixture()
    void [failures, trigger, pairwise, primary, warnings]
    const root = await show(old as unknown as Decision)
    expect(root.querySelector('[data-verdict]')).not.toBeNull()
    expect(card(root, 'capability')).not.toBeNull()
    expect(card(root, 'failures')).toBeNull()
    expect(card(root, 'trigger')).toBeNull()
    expect(root.querySelector('[aria-label="Warnings"]')).toBeNull()
  })
})
