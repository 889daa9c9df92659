// A case's workspace file as the dataset, the database and the work dir carry it: text as a string, any
// other bytes (an xlsx, pdf or png fixture) as base64, written back byte for byte (README "Dataset").

/** Text (valid UTF-8 without NUL bytes) as a string; other bytes as `{base64}`. */
export type CaseFileContent = string | { base64: string }

/** Relative POSIX path → content. */
export type CaseFiles = Record<string, CaseFileContent>
