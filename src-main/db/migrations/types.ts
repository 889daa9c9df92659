// The shape of one bundled migration: a number, a name and the SQL that applies it.

export interface Migration {
  /** 1, 2, 3 … contiguous; the bundled list is append-only. */
  readonly id: number
  readonly name: string
  /** SQL run inside one transaction (several statements allowed). */
  readonly up: string
}
