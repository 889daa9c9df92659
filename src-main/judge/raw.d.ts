// Vite `?raw` imports (vitest, the CLI build and electron-vite): a file's text bundled as a string.
declare module '*.md?raw' {
  const text: string
  export default text
}
