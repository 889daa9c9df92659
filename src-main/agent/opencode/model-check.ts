// Pre-flight: does this side's opencode know the model? (`opencode models <provider>`, offline, ~1.5 s.)
// Without it a misspelled model fails every run with opencode's opaque "Unexpected server error".
import { queryOpencode } from './opencode-query'
import type { SandboxPolicy } from '../isolation/sandbox'

export interface ModelCheckInput {
  bin: string
  cwd: string
  env: Record<string, string>
  model: string
  timeoutMs?: number
  sandbox?: SandboxPolicy | null
}

/** null when the model is known, else a sentence saying what is wrong and what is available. */
export async function checkModel(input: ModelCheckInput): Promise<string | null> {
  const slash = input.model.indexOf('/')
  const provider = input.model.slice(0, slash)
  const r = await queryOpencode(input, ['models', provider])
  if (r.failed && !r.stdout) {
    const stderr = String(r.stderr ?? '')
      .trim()
      .slice(-1000)
    return `model ${input.model}: \`opencode models ${provider}\` failed (${r.shortMessage ?? 'unknown'})${stderr ? `: ${stderr}` : ''}`
  }
  const models = String(r.stdout ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.includes('/'))
  return modelProblem(input.model, models)
}

/** null when `model` is among `models` (`provider/model` ids of its provider), else what is wrong. */
export function modelProblem(model: string, models: string[]): string | null {
  const provider = model.slice(0, model.indexOf('/'))
  if (models.includes(model)) return null
  if (models.length === 0)
    return `model ${model}: opencode knows no provider "${provider}": define it in your opencode config (agent.opencodeConfig or OPENCODE_CONFIG)`
  const shown =
    models.length > 8 ? `${models.slice(0, 8).join(', ')}, … (${models.length})` : models.join(', ')
  return `model ${model}: provider "${provider}" has no such model; it has: ${shown}`
}
