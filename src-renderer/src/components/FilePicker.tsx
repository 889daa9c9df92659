// Picks a folder or a file through the api (`files.list`): the same picker in Electron and in a browser. It
// opens where the field's path is (else at `start`), and a path typed in its folder field is opened on Enter.
import { useEffect, useState } from 'react'
import type { FolderListing } from '../../../src-shared/ipc-views'
import { call, errorText } from '../api/api'
import { Modal } from './Modal'

export function FilePicker(props: {
  kind: 'folder' | 'file'
  title: string
  start?: string
  onPick(path: string): void
  onClose(): void
}) {
  const [listing, setListing] = useState<FolderListing | null>(null)
  const [chosen, setChosen] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [typed, setTyped] = useState('')
  const open = (path?: string, fallback?: boolean) => {
    call('files.list', path ? { path } : {})
      .then((l) => {
        setListing(l)
        setTyped(l.path)
        setChosen(null)
        if (!fallback) setError(null)
      })
      .catch((err: unknown) => {
        setError(errorText(err))
        // A start that is gone (a path typed in the field): the home folder instead, the reason above it.
        if (path && path === props.start && !listing) open(undefined, true)
      })
  }
  useEffect(() => open(props.start), [props.start])
  const pick = props.kind === 'folder' ? (chosen ?? listing?.path) : chosen
  return (
    <Modal
      title={props.title}
      onClose={props.onClose}
      footer={
        <>
          <span className="grow mono small muted" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {pick ?? (props.kind === 'file' ? 'choose a file' : '')}
          </span>
          <button onClick={props.onClose}>Cancel</button>
          <button className="primary" disabled={!pick} onClick={() => pick && props.onPick(pick)}>
            Choose {props.kind}
          </button>
        </>
      }
    >
      <div className="row" style={{ padding: '8px 4px' }}>
        <button
          className="small"
          disabled={!listing?.parent}
          onClick={() => listing?.parent && open(listing.parent)}
        >
          ↑ Up
        </button>
        <input
          className="mono small grow"
          aria-label="Folder path (Enter opens it)"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            e.preventDefault()
            if (typed.trim()) open(typed.trim())
          }}
        />
      </div>
      {error && <div className="banner error">{error}</div>}
      <ul className="picker-list" aria-label="Folder contents">
        {listing?.entries.map((e) => (
          <li key={e.path}>
            <button
              aria-pressed={chosen === e.path}
              onClick={() => setChosen(e.path)}
              onDoubleClick={() => (e.kind === 'dir' ? open(e.path) : props.onPick(e.path))}
              onKeyDown={(ev) => {
                if (ev.key === 'Enter' && e.kind === 'dir') {
                  ev.preventDefault()
                  open(e.path)
                }
              }}
            >
              {e.kind === 'dir' ? '📁' : '📄'} {e.name}
            </button>
          </li>
        ))}
        {listing && listing.entries.length === 0 && <li className="muted small">(empty folder)</li>}
      </ul>
    </Modal>
  )
}
