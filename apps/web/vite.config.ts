import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/precompress';
import { stylesheetFirst } from './scripts/stylesheet-first';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [
    tailwindcss(),
    // Compiles src/locales/*/*.json when imported with ?lingui (lingui.config.ts); a key missing in a
    // language or a message that does not parse fails the build.
    lingui({ configPath: here('./lingui.config.ts'), failOnMissing: true, failOnCompileError: true }),
    stylesheetFirst(),
    precompress(),
  ],
  resolve: {
    alias: [
      // Every import of zod goes through the module that turns its eval probe off first (zod/v4 inside it is not aliased).
      { find: /^zod$/, replacement: here('./src/lib/zod-jitless.ts') },
      // React 19 has useSyncExternalStore: the router's shim for React 17 would only add 0.3 KB.
      { find: 'use-sync-external-store/shim/index.js', replacement: here('./src/lib/use-sync-external-store.ts') },
      { find: '@', replacement: here('./src') },
      // The web app compiles the shared libraries from source, like the API's tests do.
      { find: '@rxbridge/contracts', replacement: here('../../libs/contracts/src/index.ts') },
      { find: '@rxbridge/domain', replacement: here('../../libs/domain/src/index.ts') },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each route loads first, read by scripts/check-budget.mjs.
    manifest: true,
    // Every browser we support but Safari 16 knows <link rel="modulepreload">; there the chunks load
    // when imported instead of ahead, which costs it a little time and the others 0.3 KB of polyfill.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // Everything the entry imports statically in one chunk: split into a dozen small shared
        // chunks (react, the router, Lingui...), each compresses on its own and costs the first load
        // about 2 KB more (docs/architecture.md, Languages: the budget).
        codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] },
      },
      // Radix ships "use client" directives for server components; they mean nothing in a SPA bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
