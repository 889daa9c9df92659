// Reads a case's workspace files (inline, filesDir, skill-creator paths) without ever leaving its root.
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { formatBytes, reasonOf } from './errors'
import type { Problem } from './errors'
import type { CheckedCase } from './dataset-case'
import type { CaseFileContent, CaseFiles } from '../../src-shared/case-file'
import { pathTextProblem } from '../../src-shared/config-text'

/** Per-file and per-case limits: case files are fixtures for an agent (text or binary), not data sets. */
export const MAX_FILE_BYTES = 1024 * 1024
export const MAX_CASE_BYTES = 10 * 1024 * 1024
export const MAX_CASE_FILES = 2000

type Located = Omit<Problem, 'message' | 'fix'>

export interface CaseFileRoots {
  /** The dataset file's folder: `filesDir` may not leave it. */
  datasetDir: string
  /** The skill's root folder: skill-creator `files` resolve against it and may not leave it. */
  skillRoot?: string
  /** The dataset file (real path): never a case file, or the agent would read every expected output. */
  datasetFile?: string
}

const DATASET_FIX = "keep the case's files in a folder of their own, apart from the dataset file"

/**
 * `./src//a.py` → `src/a.py`; refuses absolute paths, `..`, backslashes, colons and `.git`. A colon is
 * harmless on Linux and macOS, but Windows allows none in a file name ("a:b.txt" names drive A: there): a
 * dataset is refused rather than run on one platform only.
 */
export function normalizeRelPath(path: string): { ok: true; path: string } | { ok: false; reason: string } {
  if (!path.trim()) return { ok: false, reason: 'is empty' }
  const nul = pathTextProblem(path)
  if (nul) return { ok: false, reason: nul }
  if (path.includes('\\')) return { ok: false, reason: 'contains a backslash (use "/" between folders)' }
  if (isAbsolute(path) || /^[A-Za-z]:\//.test(path))
    return { ok: false, reason: 'is absolute (paths are relative)' }
  if (path.includes(':'))
    return {
      ok: false,
      reason:
        'holds a colon, which Windows does not allow in a file name ("a:" names a drive there): rename the file without ":", so the case runs on Linux, macOS and Windows alike',
    }
  const parts = path.split('/').filter((p) => p !== '' && p !== '.')
  if (parts.includes('..')) return { ok: false, reason: 'uses ".." (paths may not leave their folder)' }
  if (parts.includes('.git'))
    return { ok: false, reason: 'is inside ".git" (the work dir\'s git repo is the app\'s)' }
  if (!parts.length) return { ok: false, reason: 'names no file' }
  return { ok: true, path: parts.join('/') }
}

/** Whether `abs` is `root` or inside it (both absolute and normalized). */
export function isInside(root: string, abs: string): boolean {
  const rel = relative(root, abs)
  return rel === '' || (rel !== '..' && !rel.startsWith('../') && !isAbsolute(rel))
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** A file read from disk: its text when it is UTF-8 without NUL bytes, else its bytes as base64. */
export function storedContent(bytes: Buffer): CaseFileContent {
  if (!bytes.includes(0))
    try {
      return decoder.decode(bytes)
    } catch {
      // Not UTF-8: kept as bytes.
    }
  return { base64: bytes.toString('base64') }
}

/** Collects one case's files with their sizes, reporting problems instead of throwing. */
class FileCollector {
  readonly files = new Map<string, CaseFileContent>()
  private total = 0
  private overTotal = false

  constructor(
    private readonly at: Located,
    private readonly label: string,
    readonly problems: Problem[],
  ) {}

  problem(field: string, message: string, fix: string): void {
    this.problems.push({ ...this.at, field, message: `${message}${this.label}`, fix })
  }

  add(field: string, rel: string, content: string | Buffer, shown: string): void {
    const bytes = typeof content === 'string' ? Buffer.byteLength(content) : content.length
    if (bytes > MAX_FILE_BYTES)
      return this.problem(
        field,
        `${shown} is ${formatBytes(bytes)}, over the ${formatBytes(MAX_FILE_BYTES)} limit per file`,
        'use a smaller fixture or leave the file out',
      )
    const stored = typeof content === 'string' ? content : storedContent(content)
    if (this.files.has(rel))
      return this.problem(
        field,
        `${shown}: "${rel}" is given twice (inline "files" and a folder, or two spellings)`,
        'keep one of them',
      )
    this.total += bytes
    if (this.total > MAX_CASE_BYTES && !this.overTotal) {
      this.overTotal = true
      return this.problem(
        field,
        `the files add up to more than ${formatBytes(MAX_CASE_BYTES)}`,
        `keep a case's files under ${formatBytes(MAX_CASE_BYTES)}`,
      )
    }
    if (this.files.size >= MAX_CASE_FILES && !this.overTotal) {
      this.overTotal = true
      return this.problem(field, `more than ${MAX_CASE_FILES} files`, 'keep the fixture small')
    }
    this.files.set(rel, stored)
  }

  /** Reads a regular file (by its real path) after checking its size from stat. */
  addFromDisk(field: string, rel: string, real: string, shown: string): void {
    const size = statSync(real).size
    if (size > MAX_FILE_BYTES)
      return this.problem(
        field,
        `${shown} is ${formatBytes(size)}, over the ${formatBytes(MAX_FILE_BYTES)} limit per file`,
        'use a smaller fixture or leave the file out',
      )
    this.add(field, rel, readFileSync(real), shown)
  }
}

/** Every file of a checked case as rel POSIX path → content, or the problems found. */
export function readCaseFiles(
  c: CheckedCase,
  roots: CaseFileRoots,
  at: Located,
): { ok: true; files: CaseFiles } | { ok: false; problems: Problem[] } {
  const out = new FileCollector(at, ` (case "${c.id}")`, [])
  for (const [path, content] of Object.entries(c.inlineFiles)) {
    const field = `files["${path}"]`
    const norm = normalizeRelPath(path)
    if (!norm.ok)
      out.problem(
        field,
        `${field}: the path ${norm.reason}`,
        'give a path relative to the work dir, like "src/a.py"',
      )
    else out.add(field, norm.path, content, field)
  }
  if (c.filesDir !== undefined) readFilesDir(c.filesDir, roots.datasetDir, out, roots.datasetFile)
  if (c.rootFiles.length) {
    if (roots.skillRoot === undefined)
      out.problem('files', '"files" need the skill folder', 'give the skill root')
    else for (const path of c.rootFiles) readRootFile(path, roots.skillRoot, out, roots.datasetFile)
  }
  const clash = pathsThatCannotCoexist([...out.files.keys()])
  if (clash) out.problem('files', clash, 'rename one of them: each file needs a path of its own')
  if (out.problems.length) return { ok: false, problems: out.problems }
  const sorted = [...out.files.entries()].sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
  return { ok: true, files: Object.fromEntries(sorted) }
}

/**
 * Two case files that cannot both be written into one work dir: one is the other's folder ("a" and
 * "a/b"), or they differ only in letter case (one file on macOS and Windows). null when they all fit.
 */
export function pathsThatCannotCoexist(paths: readonly string[]): string | null {
  const files = new Set(paths)
  const byFolded = new Map<string, string>()
  for (const path of [...paths].sort()) {
    const parts = path.split('/')
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/')
      if (files.has(folder)) return `"${folder}" is a file and also the folder of "${path}"`
    }
    const folded = path.toLowerCase()
    const twin = byFolded.get(folded)
    if (twin !== undefined)
      return `"${twin}" and "${path}" differ only in letter case (one file on macOS and Windows)`
    byFolded.set(folded, path)
  }
  return null
}

function realInside(root: string, abs: string): { real: string } | { problem: string } {
  let real: string
  try {
    real = realpathSync(abs)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    return { problem: code === 'ENOENT' ? `not found: ${abs}` : `cannot be read (${code}): ${abs}` }
  }
  if (!isInside(realpathSync(root), real)) return { problem: `is a symlink to ${real}, outside ${root}` }
  return { real }
}

function readFilesDir(raw: string, datasetDir: string, out: FileCollector, datasetFile?: string): void {
  const field = 'filesDir'
  const fix = `keep the case's files in a folder beside the dataset file, e.g. "./fixtures/c1" (inside ${datasetDir})`
  const nul = pathTextProblem(raw)
  if (nul) return out.problem(field, `filesDir ${JSON.stringify(raw)} ${nul}`, fix)
  if (isAbsolute(raw)) return out.problem(field, `filesDir "${raw}" is absolute`, fix)
  const abs = resolve(datasetDir, raw)
  if (!isInside(datasetDir, abs))
    return out.problem(field, `filesDir "${raw}" leaves the dataset's folder`, fix)
  const found = realInside(datasetDir, abs)
  if ('problem' in found)
    return out.problem(
      field,
      `filesDir "${raw}" ${found.problem}`,
      found.problem.startsWith('not found')
        ? "create the folder or fix the path (it is resolved against the dataset file's folder)"
        : fix,
    )
  if (!statSync(found.real).isDirectory())
    return out.problem(
      field,
      `filesDir "${raw}" is not a folder`,
      'point "filesDir" at a folder; list single files in "files"',
    )
  const seen = new Set<string>()
  const walk = (dir: string, prefix: string): void => {
    if (seen.has(dir)) return
    seen.add(dir)
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))
    for (const e of entries) {
      if (e.name === '.git') continue
      const rel = prefix ? `${prefix}/${e.name}` : e.name
      const shown = `${raw.replace(/\/+$/, '')}/${rel}`
      let real = join(dir, e.name)
      if (e.isSymbolicLink()) {
        const target = realInside(datasetDir, real)
        if ('problem' in target) {
          out.problem(
            field,
            `${shown} ${target.problem}`,
            'copy the file into the fixture folder instead of linking it',
          )
          continue
        }
        real = target.real
      }
      const st = statSync(real)
      if (st.isDirectory()) walk(real, rel)
      else if (real === datasetFile)
        out.problem(field, `filesDir "${raw}" holds the dataset file itself (${shown})`, DATASET_FIX)
      else if (st.isFile()) out.addFromDisk(field, rel, real, shown)
      else
        out.problem(
          field,
          `${shown} is not a regular file (a socket, pipe or device)`,
          'remove it from the fixture folder',
        )
    }
  }
  try {
    walk(found.real, '')
  } catch (err) {
    out.problem(
      field,
      `filesDir "${raw}" could not be read (${reasonOf(err)})`,
      "check the folder's permissions",
    )
  }
}

function readRootFile(path: string, skillRoot: string, out: FileCollector, datasetFile?: string): void {
  const field = 'files'
  const fix = `list files inside the skill folder (${skillRoot}), like "evals/files/input.csv"`
  const norm = normalizeRelPath(path)
  if (!norm.ok) return out.problem(field, `files: "${path}" ${norm.reason}`, fix)
  const found = realInside(skillRoot, join(skillRoot, norm.path))
  if ('problem' in found)
    return out.problem(
      field,
      `files: "${path}" ${found.problem}`,
      found.problem.startsWith('not found')
        ? 'fix the path (it is relative to the skill folder) or add the file'
        : fix,
    )
  try {
    if (!statSync(found.real).isFile())
      return out.problem(field, `files: "${path}" is not a regular file`, 'list files, not folders')
    if (found.real === datasetFile)
      return out.problem(field, `files: "${path}" is the dataset file itself`, DATASET_FIX)
    out.addFromDisk(field, norm.path, found.real, `files: "${path}"`)
  } catch (err) {
    out.problem(
      field,
      `files: "${path}" could not be read (${reasonOf(err)})`,
      "check the file's permissions",
    )
  }
}
