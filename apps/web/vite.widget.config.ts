import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The embeddable conversation widget (decision 230): one self-contained script, `dist/embed/convai-widget.js`, that the
 * server serves at `/convai-widget.js`. Built after the app (it must not empty dist).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('./dist/embed', import.meta.url)),
    emptyOutDir: false,
    copyPublicDir: false,
    lib: {
      entry: fileURLToPath(new URL('./src/widget/convai-widget.ts', import.meta.url)),
      formats: ['iife'],
      name: 'VocalisConvaiWidget',
      fileName: () => 'convai-widget.js',
    },
  },
});
