// The scripted judge's answer to an expectations judgement (README "Evaluators"), deterministic from the
// request: an expectation passes when the first "double-quoted" phrase in it occurs in the material after
// the numbered list (the agent's answer, diff and trajectory); without such a phrase it fails.

/** The expectations judge's system prompt says this (src-main/judge/judge-prompt.ts). */
const EXPECTATIONS_REQUEST = 'one verdict per expectation'

const ITEM = /^(\d+)\. (.*)$/

/** Whether the request text is an expectations judgement. */
export function isExpectationsRequest(text: string): boolean {
  return text.includes(EXPECTATIONS_REQUEST)
}

/** `[{id, passed, evidence}]` for the numbered list (1., 2., …) right under a line naming the expectations. */
export function expectationsJudge(text: string): string {
  const lines = text.split('\n')
  const start = lines.findIndex(
    (l, i) => ITEM.exec(l)?.[1] === '1' && /expectation/i.test(lines[i - 1] ?? ''),
  )
  if (start < 0) return JSON.stringify([])
  let end = start
  while (end < lines.length && ITEM.test(lines[end] ?? '')) end++
  const material = lines.slice(end).join('\n')
  const verdicts = lines.slice(start, end).map((line) => {
    const [, id, expectation] = ITEM.exec(line) ?? []
    const phrase = /"([^"]+)"/.exec(expectation ?? '')?.[1]
    if (phrase === undefined)
      return { id: Number(id), passed: false, evidence: 'scripted judge: no quoted phrase to look for' }
    const passed = material.includes(phrase)
    return { id: Number(id), passed, evidence: passed ? `found "${phrase}"` : `"${phrase}" is not there` }
  })
  return JSON.stringify(verdicts)
}
