// Builds the command-line front door (src-main/cli) into out/cli/index.js for Node 22.
// Dependencies stay external (better-sqlite3 is native); resources are read from the package folder.
import { build } from 'vite'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
await build({
  root,
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: 'src-main/cli/index.ts',
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'index.js', format: 'es' } },
  },
  ssr: { target: 'node' },
})
