// The setup screen on a skill folder kept in git (README "Skill versions from git"): the version picker
// lists the folder's branches, tags and commits from the real repository, and a config picking two of them
// passes main's checks. No task runs (test/git-versions.test.ts runs one end to end).
import { execFileSync } from 'node:child_process'
import { dirname } from 'node:path'
import { expect, test } from 'playwright/test'
import { writeSkill } from '../test/support/fixtures'
import { serveApp, type ServedApp } from './support/serve'
import { shoot } from './support/shoot'

let app: ServedApp

test.beforeAll(async () => {
  app = await serveApp({ delayMs: 0 })
  const repo = dirname(app.skillPath)
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args])
  git('init', '-q', '-b', 'main')
  git('add', '-A')
  git('commit', '-qm', 'Pirate talk, first cut')
  git('tag', 'v1')
  writeSkill(app.world, 'skills/pirate-speak', 'pirate-speak', 'Talk like a pirate, briefly.')
  git('commit', '-qam', 'Shorter greetings')
})
test.afterAll(async () => {
  await app?.stop()
})

test('picks side a and b among the git versions of the skill folder', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(app.url)
  await page.getByRole('button', { name: 'Set up a task' }).click()
  await page.getByTestId('task-name').fill('main vs v1')
  await page.getByTestId('skill-path').fill(app.skillPath)
  await page.getByTestId('dataset-path').fill(app.datasetPath)
  await page.getByTestId('agent-model').fill('scripted/agent')
  await page.getByTestId('judge-model').fill('scripted/judge')
  const b = page.getByTestId('skill-version')
  await expect(b.locator('option')).toHaveText([
    'working copy',
    /^branch main — [0-9a-f]{7} Shorter greetings$/,
    /^tag v1 — [0-9a-f]{7} Pirate talk, first cut$/,
    /^[0-9a-f]{7} Shorter greetings \(\d{4}-\d\d-\d\d\)$/,
    /^[0-9a-f]{7} Pirate talk, first cut \(\d{4}-\d\d-\d\d\)$/,
  ])
  await b.selectOption('main')
  await page.getByLabel('Another version of the skill').check()
  await page.getByTestId('baseline-path').fill(app.skillPath)
  await page.getByTestId('baseline-version').selectOption('v1')
  await expect(page.getByText('Ready.')).toBeVisible()
  await shoot(page, 'git-01-setup-versions', page.getByRole('group', { name: 'What to compare' }))
})
