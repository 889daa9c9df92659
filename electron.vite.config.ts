import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { RENDERER_CSP, withCspMeta } from './src-shared/csp'

/** Writes the renderer's one CSP into the built index.html (the same policy the app and serve mode send). */
const cspMeta = {
  name: 'skill-ab-csp-meta',
  transformIndexHtml: { order: 'post' as const, handler: (html: string) => withCspMeta(html, RENDERER_CSP) },
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(__dirname, 'src-main/electron/main.ts') } },
    },
  },
  preload: {
    // A sandboxed preload cannot be an ES module: one self-contained CommonJS file requiring only electron.
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [react(), cspMeta],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves bundles unminified; the renderer is parsed on every window load.
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
})
