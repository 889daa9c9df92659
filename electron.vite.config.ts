import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { RENDERER_CSP, withCspMeta } from './src-shared/csp'

/** Writes the renderer's one CSP into the built index.html (the same policy the app and serve mode send). */
const cspMeta = {
  name: 'skill-ab-csp-meta',
  transformIndexHtml: { order: 'post' as const, handler: (html: string) => withCspMeta(html, RENDERER_CSP) },
}

/**
 * Loads the screens' chunk (mount.tsx, imported by the entry once its first request is out) with the page,
 * as an async module script (a `modulepreload` link measures the same): running it only defines the screens.
 * Its import of the entry runs the entry first, so the connection still opens before anything else; placed
 * after the root element in the body, neither can run before the page has it (docs/architecture.md,
 * "First render").
 */
const loadScreens = {
  name: 'skill-ab-load-screens',
  transformIndexHtml: {
    order: 'post' as const,
    handler: (
      _html: string,
      ctx: { bundle?: Record<string, { type: string; name?: string; fileName: string }> },
    ) =>
      Object.values(ctx.bundle ?? {})
        .filter((c) => c.type === 'chunk' && c.name === 'mount')
        .map((c) => ({
          tag: 'script',
          attrs: { type: 'module', async: true, crossorigin: true, src: `./${c.fileName}` },
          injectTo: 'body' as const,
        })),
  },
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
    plugins: [react(), cspMeta, loadScreens],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves bundles unminified; the renderer is parsed on every window load.
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
})
