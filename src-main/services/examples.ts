// The bundled example: the pirate-speak skill (v2, and v1 as a possible baseline), a five-case dataset and
// a trigger set (queries that should and should not reach for the skill), written to a folder of the data
// dir; and the demo's config, which runs it against the bundled scripted model.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import cases from '../../resources/examples/cases.jsonl?raw'
import skillV1 from '../../resources/examples/pirate-speak-v1/SKILL.md?raw'
import skillV2 from '../../resources/examples/pirate-speak/SKILL.md?raw'
import triggerSet from '../../resources/examples/triggers.jsonl?raw'
import { DEMO_TASK_PREFIX } from '../../src-shared/demo'

export interface ExampleFiles {
  dir: string
  skillPath: string
  baselinePath: string
  datasetPath: string
  triggerSetPath: string
}

/** Writes the example's skill versions and dataset under `dir` (overwriting: they are the bundled bytes). */
export function writeExampleFiles(dir: string): ExampleFiles {
  const skillPath = join(dir, 'pirate-speak')
  const baselinePath = join(dir, 'pirate-speak-v1')
  mkdirSync(skillPath, { recursive: true })
  mkdirSync(baselinePath, { recursive: true })
  writeFileSync(join(skillPath, 'SKILL.md'), skillV2)
  writeFileSync(join(baselinePath, 'SKILL.md'), skillV1)
  const datasetPath = join(dir, 'cases.jsonl')
  writeFileSync(datasetPath, cases)
  const triggerSetPath = join(dir, 'triggers.jsonl')
  writeFileSync(triggerSetPath, triggerSet)
  return { dir, skillPath, baselinePath, datasetPath, triggerSetPath }
}

/** The demo task: v2 against no skill, five cases × 2 rounds, models of the scripted provider. Paths relative to the example folder. */
export function demoConfig(): Record<string, unknown> {
  return {
    name: `${DEMO_TASK_PREFIX}pirate-speak vs no skill`,
    skill: { path: './pirate-speak', label: 'v2' },
    dataset: { path: './cases.jsonl' },
    repeatRounds: 2,
    agent: { model: 'scripted/agent', driver: 'server', timeoutSec: 120, idleTimeoutSec: 60, concurrency: 2 },
    judge: { model: 'scripted/judge' },
  }
}
