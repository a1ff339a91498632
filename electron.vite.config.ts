/**
 * Builds the three parts of the app into out/: main (ES module, out/main/index.js as package.json's
 * "main" says), preload (CommonJS out/preload/index.cjs: a sandboxed preload cannot be an ES module) and
 * the renderer (out/renderer/index.html and its assets, loaded from file:// in the shipped app).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const root = import.meta.dirname;

/**
 * Dev only: Vite's dev server injects an inline script (React Fast Refresh's preamble) and inline
 * `<style>` tags, which the production CSP rightly forbids. Rather than weakening the CSP with
 * 'unsafe-inline', each dev server run gets a random nonce that Vite stamps on what it injects, and the
 * CSP meta is widened by exactly that nonce. `vite build` never runs this plugin.
 */
function devCspNonce(): Plugin {
  const nonce = randomBytes(16).toString('base64');
  return {
    name: 'minerdeck:dev-csp-nonce',
    apply: 'serve',
    config: () => ({ html: { cspNonce: nonce } }),
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`)
          .replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`),
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      lib: { entry: resolve(root, 'electron/main/index.ts') },
      // Dependencies load from node_modules at run time (electron-vite's default); keytar is a native
      // addon and could not be bundled anyway, so it is named here explicitly as well.
      externalizeDeps: { include: ['keytar'] },
      rollupOptions: { external: ['keytar'] },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      lib: { entry: resolve(root, 'electron/preload/index.ts') },
      // A sandboxed preload can require only `electron` (and a few Node built-ins): everything else,
      // zod included, must be bundled into the one file.
      externalizeDeps: false,
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [react(), devCspNonce()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rollupOptions: { input: resolve(root, 'renderer/index.html') },
      // electron-vite leaves every build unminified; the renderer is the one that pays for it (parse and
      // compile at each window start, ~1.1 MB → ~0.35 MB). esbuild ships with Vite: nothing to install.
      minify: 'esbuild',
    },
  },
});
