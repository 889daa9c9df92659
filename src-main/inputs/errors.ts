// Input errors a user can act on: which file, line and field, what is wrong, and what to do about it.
import { isAbsolute, relative, resolve } from 'node:path'
import { UserError, type IssueCode } from '../../src-shared/user-error'

export { formatBytes } from '../../src-shared/bytes'

/** One problem with one input. `message` says what is wrong (naming the field), `fix` what to do. */
export interface Problem {
  file?: string
  line?: number
  column?: number
  field?: string
  /** What kind of problem, for a form (default `invalid`). */
  code?: IssueCode
  message: string
  fix?: string
}

/** The most problems one error message lists (all are kept in `problems`). */
const MESSAGE_LIMIT = 30

/** `cases.jsonl line 7: malformed JSON (…): fix the line or remove it`. */
export function formatProblem(p: Problem): string {
  let where = p.file ?? ''
  if (p.line !== undefined)
    where += `${where ? ' ' : ''}line ${p.line}${p.column !== undefined ? `, column ${p.column}` : ''}`
  return `${where ? `${where}: ` : ''}${p.message}${p.fix ? `: ${p.fix}` : ''}`
}

/**
 * Bad input, never a crash: carries every problem found so the user fixes them all at once. The
 * `file`/`line`/`column`/`field`/`fix` fields describe the first problem.
 */
export class InputError extends UserError {
  override readonly name = 'InputError'
  readonly file?: string
  readonly line?: number
  readonly column?: number
  readonly field?: string
  readonly fix?: string
  /** Every problem as one formatted line. */
  readonly problems: string[]
  readonly details: readonly Problem[]

  constructor(problems: Problem | readonly Problem[]) {
    const list = Array.isArray(problems) ? (problems as readonly Problem[]) : [problems as Problem]
    if (list.length === 0) throw new Error('InputError needs at least one problem')
    const lines = list.map(formatProblem)
    super(
      'input',
      InputError.compose(list, lines),
      list.map((p) => ({
        field: p.field ?? '',
        code: p.code ?? 'invalid',
        message: p.message,
        ...(p.fix ? { fix: p.fix } : {}),
      })),
    )
    const first = list[0] as Problem
    this.file = first.file
    this.line = first.line
    this.column = first.column
    this.field = first.field
    this.fix = first.fix
    this.problems = lines
    this.details = list
  }

  private static compose(list: readonly Problem[], lines: string[]): string {
    if (lines.length === 1) return lines[0] as string
    const files = new Set(list.map((p) => p.file))
    const only = files.size === 1 ? list[0]?.file : undefined
    const head = `${only ? `${only}: ` : ''}${lines.length} problems (nothing was imported):`
    const shown = lines.slice(0, MESSAGE_LIMIT).map((l) => `  - ${l}`)
    if (lines.length > MESSAGE_LIMIT) shown.push(`  … and ${lines.length - MESSAGE_LIMIT} more`)
    return [head, ...shown].join('\n')
  }
}

/** Collects problems while a whole input is checked, then throws them together. */
export class ProblemList {
  readonly items: Problem[] = []

  add(problem: Problem): void {
    this.items.push(problem)
  }

  get size(): number {
    return this.items.length
  }

  throwIfAny(): void {
    if (this.items.length) throw new InputError(this.items)
  }
}

/** How a path is shown to the user: relative to the current folder when inside it, else absolute. */
export function displayPath(path: string, cwd: string = process.cwd()): string {
  const abs = resolve(cwd, path)
  const rel = relative(cwd, abs)
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs
}

/** The error's text for any thrown value (fs errors carry `code`). */
export function reasonOf(err: unknown): string {
  if (err instanceof Error) return (err as NodeJS.ErrnoException).code ?? err.message
  return String(err)
}
