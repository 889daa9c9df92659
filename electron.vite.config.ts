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
 * Fetches the screens' chunk (mount.tsx, imported by the entry once its first request is out) with the page:
 * it arrives and compiles off the main thread while the entry connects, instead of queueing behind the
 * server's first answer (docs/architecture.md, "First render").
 */
const preloadScreens = {
  name: 'skill-ab-preload-screens',
  transformIndexHtml: {
    order: 'post' as const,
    handler: (
      _html: string,
      ctx: { bundle?: Record<string, { type: string; name?: string; fileName: string }> },
    ) =>
      Object.values(ctx.bundle ?? {})
        .filter((c) => c.type === 'chunk' && c.name === 'mount')
        .map((c) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${c.fileName}` },
          injectTo: 'head' as const,
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
    plugins: [react(), cspMeta, preloadScreens],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves bundles unminified; the renderer is parsed on every window load.
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
})
