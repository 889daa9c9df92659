// A task set up through the form whose runs are judged by a command evaluator (`test -f answer.txt`)
// instead of the LLM judge, for specs about something other than judging; and the script that passes it.
import type { Page } from 'playwright/test'
import type { ScriptStep } from '../../test/support/scripted-llm'
import type { ServedApp } from './serve'

/** The agent writes the answer the command evaluator checks for. */
export const WRITES_THE_ANSWER: ScriptStep[] = [
  { tool: 'write', args: { filePath: 'answer.txt', content: 'scripted answer\n' } },
  { text: 'Done: wrote answer.txt.' },
]

/** From any screen (the New task link): the setup form filled for the app's skill and dataset, judged by a command. */
export async function fillCommandTask(page: Page, app: ServedApp, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New task' }).click()
  await page.getByTestId('task-name').fill(name)
  await page.getByTestId('skill-path').fill(app.skillPath)
  await page.getByTestId('dataset-path').fill(app.datasetPath)
  await page.getByTestId('agent-model').fill('scripted/agent')
  await page.getByTestId('judge-model').fill('scripted/judge')
  await page.getByRole('checkbox', { name: /preset-agent-task-completion/ }).uncheck()
  await page.getByRole('button', { name: '+ Command' }).click()
  await page.getByLabel('Command (run in the finished work dir)').fill('test -f answer.txt')
}
