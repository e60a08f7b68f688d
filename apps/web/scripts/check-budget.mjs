/* global process, console */
// Fails the build when a route's first load (the JavaScript the browser fetches before the page can
// show: the entry, what it imports statically, and the route's own chunk) exceeds the budget, counted
// brotli-compressed as the API sends it (docs/architecture.md, web app). Usage: node check-budget.mjs [--json]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';

const KB = 1024;
/**
 * The landing page's first load, at most 90 KB (README.md, Benchmarks): react-dom about 55 KB,
 * TanStack Query 9, the landing page and app shell 15, the Lucide icons 3, the router (wouter) 2.
 * Another public page loads the same entry plus its own page code, allowed 4 KB more.
 */
export const BUDGET_JS_BR = 93 * KB;
export const PAGE_CODE_BR = 4 * KB;
/** A signed-in patient's dashboard (issue 33): the entry, the dashboard's first screen; its dialogs load when opened. */
export const DASHBOARD_JS_BR = 150 * KB;
const budgetOf = (route) =>
  route === '/' ? BUDGET_JS_BR : route === '/dashboard' ? DASHBOARD_JS_BR : BUDGET_JS_BR + PAGE_CODE_BR;
/** Public pages and the lazy chunks (manifest keys) each needs before it shows; the landing page is in the entry. */
export const ROUTES = {
  '/': [],
  '/diy-guide': ['src/features/diy-guide/diy-guide-page.tsx'],
  '/terms': ['src/features/legal/terms-page.tsx'],
  '/privacy': ['src/features/legal/privacy-page.tsx'],
  '/dashboard': ['src/features/dashboard/dashboard-page.tsx'],
};

const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');

function brotliSize(file) {
  const path = join(dist, file);
  return existsSync(`${path}.br`) ? readFileSync(`${path}.br`).length : brotliCompressSync(readFileSync(path)).length;
}

/** Every file a chunk needs before it runs: itself and its static imports, transitively. */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

export function measure() {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  return Object.entries(ROUTES).map(([route, chunks]) => {
    const keys = new Set();
    for (const k of [entry, ...chunks]) closure(manifest, k, keys);
    const files = [...keys].map((k) => manifest[k]);
    const js = files.reduce((sum, f) => sum + brotliSize(f.file), 0);
    const css = [...new Set(files.flatMap((f) => f.css ?? []))].reduce((sum, f) => sum + brotliSize(f), 0);
    return { route, jsBrotli: js, cssBrotli: css, files: files.length };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = measure();
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
  else {
    console.log(
      `First load per route, brotli (budget: JavaScript ${BUDGET_JS_BR / KB} KB on /, ${DASHBOARD_JS_BR / KB} KB on /dashboard, ${(BUDGET_JS_BR + PAGE_CODE_BR) / KB} KB on the others)`,
    );
    for (const r of rows)
      console.log(
        `  ${r.route.padEnd(14)} JS ${(r.jsBrotli / KB).toFixed(1).padStart(6)} KB  CSS ${(r.cssBrotli / KB).toFixed(1).padStart(5)} KB  ${r.files} files${r.jsBrotli > budgetOf(r.route) ? '  OVER BUDGET' : ''}`,
      );
  }
  const over = rows.filter((r) => r.jsBrotli > budgetOf(r.route));
  if (over.length) {
    console.error(`First-load budget exceeded on ${over.map((r) => r.route).join(', ')}`);
    process.exit(1);
  }
}
