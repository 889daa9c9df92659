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

/** The api token of this page: from its URL (then kept and removed from the URL), else the one kept. */
export function takePageToken(w: PageWindow): string | null {
  const url = new URL(w.location.href)
  const fromUrl = url.searchParams.get('token')
  if (fromUrl === null) {
    try {
      return w.sessionStorage.getItem(TOKEN_STORAGE_KEY)
    } catch {
      return null // storage disabled: the page works until it is reloaded
    }
  }
  try {
    w.sessionStorage.setItem(TOKEN_STORAGE_KEY, fromUrl)
  } catch {
    // storage disabled: same as above
  }
  url.searchParams.delete('token')
  w.history.replaceState(w.history.state, '', `${url.pathname}${url.search}${url.hash}`)
  return fromUrl
}
