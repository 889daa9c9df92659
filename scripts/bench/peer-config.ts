// The promptfoo side of the peer benchmark, as data: the config that makes promptfoo do skill-ab's A/B job
// (two `exec:` providers, one isolated opencode agent session each per test; an opencode judge as the
// `llm-rubric` grader), the command line that runs it, and the check of its results file. Pure.

/** Pinned: the bench installs exactly this version into a throwaway folder, never into the lockfile. */
export const PROMPTFOO_VERSION = '0.123.1'

export interface PeerCase {
  id: string
  prompt: string
}

/** What one `exec:` session needs, written to a settings file the session script reads. */
export interface PeerSessionSettings {
  opencodeBin: string
  opencodeVersion: string
  /** The opencode provider config file (the scripted model). */
  providers: string
  /** Side b's skills folder: only `<name>/SKILL.md` of the skill under test. */
  skillsPath: string
  /** Where each session gets its private folder (removed when it ends). */
  sessionsDir: string
  /** One JSON line per session (role, start, end) is appended here: the work promptfoo made us do. */
  log: string
}

export type SessionRole = 'a' | 'b' | 'judge'

export interface PeerConfigOptions {
  /** The node binary and the bundled session script, absolute. */
  node: string
  sessionScript: string
  settingsFile: string
  skillName: string
  cases: readonly PeerCase[]
}

/** The judge's task, as the grader's prompt: the case, then the agent's final answer it scores. */
export const RUBRIC_PROMPT = [
  'Task given to the agent:',
  '{{prompt}}',
  '',
  'Rubric: {{rubric}}',
  'Answer with JSON {"score": 0-100, "reason": "..."}.',
  '',
  'Final answer of the agent:',
  '{{output}}',
].join('\n')

export const RUBRIC = 'The answer does what the task asks, in the voice the skill teaches.'

const quote = (s: string): string => {
  if (s.includes('"')) throw new Error(`a path with a double quote cannot go in an exec: provider: ${s}`)
  return `"${s}"`
}

/** The `exec:` provider id that runs one session of `role` (promptfoo appends prompt, options, context). */
export function sessionProvider(opts: PeerConfigOptions, role: SessionRole): string {
  return `exec: ${[opts.node, opts.sessionScript, opts.settingsFile].map(quote).join(' ')} ${role}`
}

/** The promptfoo config (JSON is valid YAML): the cases as tests, both sides as providers, the judge. */
export function peerConfig(opts: PeerConfigOptions): Record<string, unknown> {
  return {
    description: `skill-ab peer bench: ${opts.skillName} vs no skill`,
    prompts: ['{{prompt}}'],
    providers: [
      { id: sessionProvider(opts, 'a'), label: 'a: no skill' },
      { id: sessionProvider(opts, 'b'), label: `b: ${opts.skillName}` },
    ],
    defaultTest: {
      options: { provider: sessionProvider(opts, 'judge'), rubricPrompt: RUBRIC_PROMPT },
      assert: [{ type: 'llm-rubric', value: RUBRIC }],
    },
    tests: opts.cases.map((c) => ({ description: c.id, vars: { prompt: c.prompt } })),
  }
}

/** `promptfoo eval` with the rounds as `--repeat`, cache off, the given concurrency, results to a file. */
export function evalArgs(configFile: string, outputFile: string, rounds: number, concurrency: number) {
  return [
    'eval',
    '--config',
    configFile,
    '--output',
    outputFile,
    '--repeat',
    String(rounds),
    '--max-concurrency',
    String(concurrency),
    '--no-cache',
    '--no-table',
    '--no-progress-bar',
  ]
}

interface PromptfooResult {
  provider?: { id?: string; label?: string }
  vars?: { prompt?: string }
  error?: string | null
  failureReason?: number
  gradingResult?: {
    componentResults?: { score?: unknown; reason?: string; assertion?: { type?: string } }[]
  } | null
}

/**
 * Every test of every side and round must hold an llm-rubric grade: a result with an error, or without a
 * numeric rubric score, is named (a benchmark where promptfoo silently did less work proves nothing).
 * Returns the number of graded results.
 */
export function checkGrades(output: unknown, expected: number): number {
  const results = (output as { results?: { results?: PromptfooResult[] } })?.results?.results
  if (!Array.isArray(results)) throw new Error('promptfoo wrote no results.results array')
  const problems: string[] = []
  results.forEach((r, i) => {
    const where = `result ${i} (${r.provider?.label ?? r.provider?.id ?? '?'}, ${(r.vars?.prompt ?? '?').slice(0, 40)})`
    // failureReason 2 is promptfoo's ERROR; 1 is a failed assertion (a grade, its reason in `error`).
    if (r.failureReason === 2) problems.push(`${where}: ${r.error ?? 'error'}`)
    const rubric = r.gradingResult?.componentResults?.find((c) => c.assertion?.type === 'llm-rubric')
    if (typeof rubric?.score !== 'number' || !Number.isFinite(rubric.score))
      problems.push(`${where}: no llm-rubric score${rubric?.reason ? ` (${rubric.reason})` : ''}`)
  })
  if (results.length !== expected)
    problems.unshift(`promptfoo holds ${results.length} results, expected ${expected}`)
  if (problems.length) throw new Error(`promptfoo results are incomplete:\n  ${problems.join('\n  ')}`)
  return results.length
}

/** The judge's reply for promptfoo's grader: its JSON `{pass, score 0–1, reason}`. */
export function graderReply(score: number, reason: string, passThreshold = 50): string {
  return JSON.stringify({ pass: score >= passThreshold, score: score / 100, reason })
}
