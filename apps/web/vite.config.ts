import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/precompress';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [tailwindcss(), precompress()],
  resolve: {
    alias: {
      '@': here('./src'),
      // The web app compiles the shared libraries from source, like the API's tests do.
      '@rxbridge/contracts': here('../../libs/contracts/src/index.ts'),
      '@rxbridge/domain': here('../../libs/domain/src/index.ts'),
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // Radix ships "use client" directives for server components; they mean nothing in a SPA bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
