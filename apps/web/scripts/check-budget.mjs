/* global process, console */
// Fails the build when a route's first load (the JavaScript the browser fetches before the page can
// show: the entry, what it imports statically, the route's own chunk and its message catalogues)
// exceeds the budget, counted brotli-compressed as the API sends it (docs/architecture.md, web app).
// Usage: node check-budget.mjs [--json]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';

const KB = 1024;
/**
 * The landing page's first load, at most 92 KB in each language (README.md, Benchmarks): react-dom
 * about 55 KB, TanStack Query 9, the landing page and app shell 13, Lingui 3, the page's catalogues
 * (common and landing) 3.5 in English and 4 in Spanish, whose words run longer (90.5 KB on /, 91.0 on
 * /es on 2026-12-05, when TanStack Query's patch releases took the last of the half KB once left: 92
 * leaves a KB for what comes next), the Lucide icons 3, the router (wouter) 2. What the first load shares with later chunks sits
 * in modules of their own so it comes without the rest: libs/contracts' SESSION_MESSAGES and
 * LANGUAGES, libs/domain's LOCALES (docs/architecture.md, Languages: the budget). Another public page
 * loads the same entry with its own code and catalogues instead of the landing page's: at most 95 KB,
 * the Spanish DIY guide's own catalogue being 1 KB of it and the records catalogue (which its packet
 * button's texts are in, with the route cards) most of the rest.
 */
export const LANDING_BUDGET_BR = 92 * KB;
export const PAGE_BUDGET_BR = 95 * KB;
/** A signed-in patient's dashboard (issue 33): its first screen; the dialogs load at the first pointer, touch or key. */
export const DASHBOARD_BUDGET_BR = 150 * KB;
const LANGUAGES = ['en', 'es'];
/** Public pages: the lazy chunks (manifest keys) and the catalogue namespaces each needs before it shows. */
const PAGES = {
  '/': { chunks: [], namespaces: ['common', 'landing'] },
  '/diy-guide': {
    chunks: ['src/features/diy-guide/diy-guide-page.tsx'],
    namespaces: ['common', 'diy-guide', 'records'],
  },
  '/terms': { chunks: ['src/features/legal/terms-page.tsx'], namespaces: ['common', 'legal'] },
  '/privacy': { chunks: ['src/features/legal/privacy-page.tsx'], namespaces: ['common', 'legal'] },
  '/dashboard': {
    chunks: ['src/features/dashboard/dashboard-page.tsx'],
    namespaces: ['common', 'dashboard', 'records'],
  },
};
const locales = join(dirname(fileURLToPath(import.meta.url)), '../src/locales');
/** A catalogue is a dynamic import (src/lib/i18n/catalogs.ts) fetched before the page renders: it counts. */
const catalogues = (language, namespaces) =>
  namespaces
    .filter((namespace) => existsSync(join(locales, language, `${namespace}.json`)))
    .map((namespace) => `src/locales/${language}/${namespace}.json?lingui`);
// The dashboard has no /es address (the device's language decides): its Spanish row reads "/dashboard (es)".
const addressOf = (page, language) =>
  language === 'en'
    ? page
    : page === '/dashboard'
      ? `${page} (${language})`
      : `/${language}${page === '/' ? '' : page}`;
/** Every public page in every language and the manifest keys it loads besides the entry. */
export const ROUTES = Object.fromEntries(
  LANGUAGES.flatMap((language) =>
    Object.entries(PAGES).map(([page, { chunks, namespaces }]) => [
      addressOf(page, language),
      [...chunks, ...catalogues(language, namespaces)],
    ]),
  ),
);
/** The landing page is / in English and /<language> in the others. */
const budgetOf = (route) =>
  route.startsWith('/dashboard')
    ? DASHBOARD_BUDGET_BR
    : route === '/' || /^\/[a-z]{2}$/.test(route)
      ? LANDING_BUDGET_BR
      : PAGE_BUDGET_BR;

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
      `First load per route, brotli (budget: JavaScript ${LANDING_BUDGET_BR / KB} KB on / and /es, ${DASHBOARD_BUDGET_BR / KB} KB on /dashboard, ${PAGE_BUDGET_BR / KB} KB on the others)`,
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
