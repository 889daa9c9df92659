// Sizes as messages say them, and the words of a size limit (the CLI, the api and the renderer alike).

/** `1048576` → `1 MiB`, `1536` → `1.5 KiB`. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`
}

/** `is 913 MiB, over the 256 MiB limit`: what a message says of a file over a size limit. */
export function overLimit(bytes: number, maxBytes: number): string {
  return `is ${formatBytes(bytes)}, over the ${formatBytes(maxBytes)} limit`
}
