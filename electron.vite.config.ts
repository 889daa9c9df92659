import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

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
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves bundles unminified; the renderer is parsed on every window load.
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
})
