// Serve mode's access token on the page. The printed URL carries it as `?token=`; the page keeps it in
// this tab's storage (browsers scope it to this origin, port included, and never send it anywhere) and
// removes it from the address bar and history, so it is not copied, bookmarked or shown on screen. A
// reload of the tab finds it again; a new tab needs the printed URL.
import { TOKEN_STORAGE_KEY } from '../../../src-shared/ws-protocol'

export interface PageWindow {
  location: Pick<Location, 'href'>
  history: Pick<History, 'replaceState' | 'state'>
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>
}

/** The api token of this page: from its URL, else the one kept (see keepPageToken). */
export function readPageToken(w: PageWindow): string | null {
  const fromUrl = new URL(w.location.href).searchParams.get('token')
  if (fromUrl !== null) return fromUrl
  try {
    return w.sessionStorage.getItem(TOKEN_STORAGE_KEY)
  } catch {
    return null // storage disabled: the page works until it is reloaded
  }
}

/** Keeps the token of the page's URL (if it has one) for reloads of this tab and removes it from the URL. */
export function keepPageToken(w: PageWindow): void {
  const url = new URL(w.location.href)
  const fromUrl = url.searchParams.get('token')
  if (fromUrl === null) return
  try {
    w.sessionStorage.setItem(TOKEN_STORAGE_KEY, fromUrl)
  } catch {
    // storage disabled: same as above
  }
  url.searchParams.delete('token')
  w.history.replaceState(w.history.state, '', `${url.pathname}${url.search}${url.hash}`)
}
