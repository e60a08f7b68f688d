import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { prerenderPages } from './prerender-pages';

const TEXT = /\.(js|mjs|css|html|svg|txt|json|webmanifest|xml)$/;
/** Below this size compression saves less than the headers it costs. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Finishes the build: pre-renders the public pages (scripts/prerender-pages.ts), then writes name.br
 * and name.gz beside every text file, at the highest levels: done once at build time, so the API
 * only picks the file the browser accepts (docs/architecture.md, web app).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'rxbridge-precompress',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await prerenderPages(root, outDir);
      for (const path of files(outDir)) {
        if (!TEXT.test(path) || statSync(path).size < MIN_BYTES) continue;
        const source = readFileSync(path);
        const br = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        const gz = gzipSync(source, { level: 9 });
        if (br.length < source.length) writeFileSync(`${path}.br`, br);
        if (gz.length < source.length) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}
