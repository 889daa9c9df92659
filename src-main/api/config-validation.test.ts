// tasks.validate and the input previews: a config from the form, checked as a config file is, every
// problem a form issue of its field; what a request cannot mean (a relative path, a NUL, a document nested
// 100 000 levels deep) refused in words, never as an internal error.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openTestHost, type TestHost } from './host.fixture'

let t: TestHost
beforeEach(() => {
  t = openTestHost()
})
afterEach(() => t.cleanup())

describe('a config from the form', () => {
  it('validates a config from the form: every problem with its field, paths checked', async () => {
    const res = await t.ok<{ issues: { field: string }[] }>('tasks.validate', {
      config: {
        name: '',
        skill: { path: '/nowhere/skill' },
        dataset: { path: '/nowhere/cases.jsonl' },
        agent: { model: 'nomodel' },
      },
    })
    expect(res.issues.map((i) => i.field).sort()).toEqual(['agent.model', 'name'])
    const paths = await t.ok<{ issues: { field: string }[] }>('tasks.validate', {
      config: {
        name: 'x',
        skill: { path: '/nowhere/skill' },
        dataset: { path: '/nowhere/cases.jsonl' },
        agent: { model: 'p/m' },
      },
    })
    expect(paths.issues.map((i) => i.field).sort()).toEqual(['dataset.path', 'skill.path'])
  })

  it('validates what `run` checks before writing: the skill as opencode reads it, the case files, a clean config', async () => {
    mkdirSync(join(t.dir, 'skill'))
    writeFileSync(join(t.dir, 'skill', 'SKILL.md'), '---\rname: cr-skill\rdescription: d\r---\rbody\r')
    mkdirSync(join(t.dir, 'good'))
    writeFileSync(
      join(t.dir, 'good', 'SKILL.md'),
      '---\nname: good\ndescription: Use for tests.\n---\nbody\n',
    )
    writeFileSync(join(t.dir, 'ok.jsonl'), '{"id":"c1","prompt":"x"}\n')
    writeFileSync(join(t.dir, 'clash.jsonl'), '{"id":"c1","prompt":"x","files":{"a":"1","a/b":"2"}}\n')
    const check = (skill: string, dataset: string) =>
      t.ok<{ issues: { field: string; message: string }[] }>('tasks.validate', {
        config: { name: 'x', skill: { path: skill }, dataset: { path: dataset }, agent: { model: 'p/m' } },
      })
    const cr = await check(join(t.dir, 'skill'), join(t.dir, 'ok.jsonl'))
    expect(cr.issues.map((i) => i.message).join('\n')).toMatch(/opencode reads this front matter otherwise/)
    const clash = await check(join(t.dir, 'good'), join(t.dir, 'clash.jsonl'))
    // A dataset line's issue is no field of the form: a general issue naming the file and line.
    expect(clash.issues).toEqual([
      expect.objectContaining({
        field: '',
        message: expect.stringMatching(/clash\.jsonl line 1: "a" is a file and also the folder of "a\/b"/),
      }),
    ])
    expect((await check(join(t.dir, 'good'), join(t.dir, 'ok.jsonl'))).issues).toEqual([])
    // A folder of skills is a problem of the skill folder field, shown beside it, with the skills to pick from.
    for (const name of ['docx', 'pdf']) {
      mkdirSync(join(t.dir, 'skills', name), { recursive: true })
      writeFileSync(
        join(t.dir, 'skills', name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: d\n---\nbody\n`,
      )
    }
    expect((await check(join(t.dir, 'skills'), join(t.dir, 'ok.jsonl'))).issues).toEqual([
      expect.objectContaining({
        field: 'skill.path',
        message: expect.stringMatching(/skills: holds 2 skills \(docx, pdf\), not one$/),
        fix: `pick one: give the folder of the skill to test, e.g. ${join(t.dir, 'skills', 'docx')}`,
      }),
    ])
    expect(t.ctx.store.tasks.list()).toEqual([]) // validating writes nothing
  })

  it('refuses relative paths in a request, which has no config file to be relative to (never resolved against the home folder)', async () => {
    const res = await t.ok<{ issues: { field: string; message: string; fix?: string }[] }>('tasks.validate', {
      config: {
        name: 'x',
        skill: { path: './skill' },
        dataset: { path: join(t.dir, 'nope.jsonl') },
        agent: { model: 'p/m', opencodeConfig: 'oc.json' },
      },
    })
    const relative = {
      code: 'path',
      fix: 'give the absolute path (like "/home/me/skills/my-skill", or "~/skills/my-skill" in your home folder)',
    }
    expect(res.issues).toEqual([
      {
        ...relative,
        field: 'skill.path',
        message:
          'skill.path: "./skill" is a relative path, and a config set up in the app has no file for it to be relative to',
      },
      // An absolute path is resolved against nothing: its fix says only to fix it.
      {
        code: 'path',
        field: 'dataset.path',
        message: `dataset.path: file not found: ${join(t.dir, 'nope.jsonl')}`,
        fix: 'fix the path',
      },
      {
        ...relative,
        field: 'agent.opencodeConfig',
        message:
          'agent.opencodeConfig: "oc.json" is a relative path, and a config set up in the app has no file for it to be relative to',
      },
    ])
    for (const [channel, payload] of [
      ['inputs.skill', { path: 'skill' }],
      ['inputs.dataset', { path: join(t.dir, 'cases.jsonl'), skillPath: 'skill' }],
      ['inputs.gitVersions', { path: '.' }],
      ['files.list', { path: 'projects' }],
    ] as const)
      expect(await t.host.call(channel, payload), channel).toMatchObject({
        ok: false,
        error: {
          kind: 'input',
          message: expect.stringMatching(/^(path|skillPath): ".*" is a relative path/),
        },
      })
  })

  it('names a path holding a NUL character as a form issue of its field', async () => {
    const res = await t.ok<{ issues: { field: string; message: string }[] }>('tasks.validate', {
      config: {
        name: 'x',
        skill: { path: '/tmp/sk\u0000ill' },
        dataset: { path: '/nowhere/cases.jsonl' },
        agent: { model: 'p/m' },
      },
    })
    expect(res.issues[0]).toMatchObject({
      field: 'skill.path',
      message: 'skill.path: holds a NUL character (U+0000) at character 8, which no path can: remove it',
    })
  })

  it('refuses a config nested 100 000 levels deep as a form issue, not an internal error', async () => {
    const deep: unknown = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)
    const res = await t.ok<{ issues: { field: string; message: string }[] }>('tasks.validate', {
      config: { name: deep },
    })
    expect(res.issues).toEqual([
      expect.objectContaining({
        field: 'name',
        message: 'name: nests deeper than 64 levels (lists and objects inside each other)',
      }),
    ])
  })
})
