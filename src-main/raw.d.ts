// Vite `?raw` imports (vitest, the CLI build and electron-vite): a bundled file's text as a string.
declare module '*.md?raw' {
  const text: string
  export default text
}
declare module '*.jsonl?raw' {
  const text: string
  export default text
}
