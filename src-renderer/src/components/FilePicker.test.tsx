// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, expect, it } from 'vitest'
import { ApiError } from '../../../src-shared/api-error'
import { startOf } from '../screens/setup/fields'
import { installFakeApi } from '../testing/fake-api.fixture'
import { render, settle, type Rendered } from '../testing/render.fixture'
import { FilePicker } from './FilePicker'

let view: Rendered | undefined
afterEach(() => view?.unmount())

const HOME = '/home/ann'
const listing = (path: string) => ({
  path,
  parent: '/',
  entries: [{ name: 'x.jsonl', path: `${path}/x.jsonl`, kind: 'file' }],
})

function fakeFolders(folders: string[]) {
  return installFakeApi({
    'files.list': ({ path }: { path?: string }) => {
      if (path === undefined) return listing(HOME)
      if (folders.includes(path)) return listing(path)
      throw new ApiError({ kind: 'not_found', message: `cannot open ${path} (ENOENT)` })
    },
  })
}

const shown = () => (document.querySelector('[aria-label^="Folder path"]') as HTMLInputElement | null)?.value

it("opens at the field's path: a file's folder, not the home folder", () => {
  expect(startOf('/data/sets/cases.jsonl', 'file')).toBe('/data/sets')
  expect(startOf('/data/skills/pirate', 'folder')).toBe('/data/skills/pirate')
  expect(startOf('./skill', 'folder')).toBeUndefined()
  expect(startOf('C:\\data\\cases.jsonl', 'file')).toBe('C:\\data')
})

it('opens a folder typed in its path field on Enter', async () => {
  fakeFolders(['/data/sets', '/srv/evals'])
  view = await render(
    <FilePicker kind="file" title="Choose" start="/data/sets" onPick={() => {}} onClose={() => {}} />,
  )
  await settle()
  expect(shown()).toBe('/data/sets')
  const input = document.querySelector('[aria-label^="Folder path"]') as HTMLInputElement
  await act(async () => {
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
    set?.call(input, '/srv/evals')
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
  await act(async () => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })))
  await settle()
  expect(shown()).toBe('/srv/evals')
  expect(document.body.textContent).toContain('x.jsonl')
})

it('a start that is gone opens the home folder and says why', async () => {
  fakeFolders([])
  view = await render(
    <FilePicker kind="folder" title="Choose" start="/gone/skill" onPick={() => {}} onClose={() => {}} />,
  )
  await settle()
  await settle()
  expect(shown()).toBe(HOME)
  expect(document.body.textContent).toContain('cannot open /gone/skill (ENOENT)')
})
