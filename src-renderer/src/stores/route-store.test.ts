import { describe, expect, it } from 'vitest'
import { parseRoute, routeHash } from './route-store'

describe('routes a shared link can land on', () => {
  it("a task's case view and the compare screen survive a reload (hash → route → hash)", () => {
    const caseView = parseRoute('#/task/t1/case/hello%2Fworld')
    expect(caseView).toMatchObject({ screen: 'tasks', taskId: 't1', caseId: 'hello/world', runId: null })
    expect(routeHash(caseView)).toBe('#/task/t1/case/hello%2Fworld')
    expect(parseRoute('#/compare').screen).toBe('compare')
    expect(routeHash({ screen: 'compare' })).toBe('#/compare')
    expect(parseRoute('#/task/t1/run/r1')).toMatchObject({ runId: 'r1', caseId: null })
  })
})
