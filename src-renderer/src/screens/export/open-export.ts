// Reads a file the user chose as an export document (the viewer and the compare screen).
import { EXPORT_TOO_LARGE_FIX, exportSizeProblem } from '../../../../src-shared/export-checks'
import type { OpenedExport } from '../../../../src-shared/export-read'

/** Reads a chosen file as an export; the error names the file and the first problem. */
export async function openExportFile(file: File): Promise<OpenedExport> {
  try {
    // Checked before it is read: a file larger than a string can be would fail in words no one can act on.
    const tooLarge = exportSizeProblem(file.size)
    if (tooLarge) throw new Error(`${tooLarge}: ${EXPORT_TOO_LARGE_FIX}`)
    // The schema (and zod) load only when a file is opened: the rest of the app does not need them.
    // An export of the first version (@1) opens too, its missing decision parts marked as not recorded.
    const { readExport } = await import('../../../../src-shared/export-read')
    const parsed = readExport(JSON.parse(await file.text()))
    if (!parsed.ok) throw new Error(`not a Skill A/B export: ${parsed.error}`)
    return parsed.doc
  } catch (err) {
    throw new Error(`${file.name}: ${err instanceof Error ? err.message : String(err)}`, { cause: err })
  }
}
