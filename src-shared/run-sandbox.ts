// The OS sandbox a run's agent ran in, as its process was started (docs/sandbox.md), and what it blocked:
// stored per run, exported, and the decision's `no-sandbox` and `sandbox-denials` warnings.
import { z } from 'zod'

export const sandboxDenialSchema = z.object({
  kind: z.enum(['read', 'write', 'network']),
  target: z.string().describe('the path, or host:port, the agent tried to reach'),
})

export type SandboxDenial = z.output<typeof sandboxDenialSchema>

export const runSandboxSchema = z.object({
  on: z.boolean().describe("whether the run's agent ran inside the OS sandbox"),
  detail: z
    .string()
    .describe('on: with what (e.g. "bubblewrap 0.8.0"); off: why (agent.sandbox "off", no bubblewrap, …)'),
})

export type RunSandbox = z.output<typeof runSandboxSchema> & { denials?: SandboxDenial[] }

const storedSchema = runSandboxSchema.extend({ denials: z.array(sandboxDenialSchema).optional() })

/** The `sandbox` column of a run: JSON, or NULL when not recorded. */
export function sandboxColumn(v: RunSandbox | null): string | null {
  return v === null ? null : JSON.stringify({ on: v.on, detail: v.detail, denials: v.denials ?? [] })
}

/** The `sandbox` column read back (anything but a sandbox record reads as not recorded). */
export function sandboxOf(column: string | null): RunSandbox | null {
  if (column === null) return null
  try {
    const parsed = storedSchema.safeParse(JSON.parse(column))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** At most this many denials are kept per run (an agent looping on a denied path would fill the row). */
export const MAX_DENIALS = 50
