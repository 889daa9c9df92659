// `node --import …/register.mjs out/main/index.js`: resolves `electron` to the stand-in beside this file.
import { register } from 'node:module'

register(
  `data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: ${JSON.stringify(new URL('./electron.mjs', import.meta.url).href)}, shortCircuit: true }
  return next(specifier, context)
}`)}`,
)
