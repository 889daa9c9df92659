// External links the app may open in the user's browser: everything else is refused.
export const EXTERNAL_ALLOW_LIST = [
  'https://opencode.ai',
  'https://github.com',
  'https://docs.anthropic.com',
] as const

export function isAllowedExternal(url: string): boolean {
  try {
    const u = new URL(url)
    return (
      u.protocol === 'https:' &&
      !u.username &&
      !u.password &&
      (EXTERNAL_ALLOW_LIST as readonly string[]).includes(u.origin)
    )
  } catch {
    return false
  }
}
