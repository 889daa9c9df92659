// Bundles a bench module (scripts/bench/<name>.ts, TypeScript importing the app's code) for Node and imports it.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'

export async function loadBench(root, name) {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: `scripts/bench/${name}.ts`,
      outDir: `.tmp/bench-${name}`,
      emptyOutDir: true,
      target: 'node22',
      rollupOptions: { output: { entryFileNames: `${name}.mjs`, format: 'es' } },
    },
  })
  return import(pathToFileURL(join(root, '.tmp', `bench-${name}`, `${name}.mjs`)).href)
}
