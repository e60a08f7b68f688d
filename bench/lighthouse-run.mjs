/* global process, console, URL, localStorage */
// One Lighthouse run of one page in Debian's Chromium, printed as one JSON line (used by web.bench.ts).
// Usage: node bench/lighthouse-run.mjs <url> <mobile|desktop>. BENCH_LH_STORAGE (a JSON object): a
// signed-in visit, those localStorage entries set first on a page of the origin that loads no app
// code, so the measured load still fetches every script.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const [url, formFactor = 'mobile'] = process.argv.slice(2);
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const storage = process.env.BENCH_LH_STORAGE ? JSON.parse(process.env.BENCH_LH_STORAGE) : null;
try {
  if (storage) {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(new URL('/api/v1/health', url).href);
    await page.evaluate((entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v)), storage);
    await page.close();
  }
  const result = await lighthouse(
    url,
    // A signed-in visit keeps the storage just set (the HTTP cache is still empty).
    { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: Boolean(storage) },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  const { categories, audits, runtimeError, runWarnings } = result.lhr;
  if (process.env.BENCH_LH_REPORTS) {
    mkdirSync(process.env.BENCH_LH_REPORTS, { recursive: true });
    const name = `${formFactor}${new URL(url).pathname.replace(/\W+/g, '-')}${Date.now()}.json`;
    writeFileSync(join(process.env.BENCH_LH_REPORTS, name), JSON.stringify(result.lhr));
  }
  const score = (c) => Math.round((categories[c]?.score ?? 0) * 100);
  // A run the loaded machine spoiled (no paint in time) has no figures: reported, not thrown.
  const value = (id, digits = 0) => {
    const v = audits[id]?.numericValue;
    return typeof v === 'number' ? Number(v.toFixed(digits)) : null;
  };
  const scripts = (audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  console.log(
    JSON.stringify({
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: value('largest-contentful-paint'),
      fcpMs: value('first-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift', 3),
      error: runtimeError?.code ?? (runWarnings?.length ? runWarnings.join(' ').slice(0, 160) : undefined),
      scriptBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      failing: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    }),
  );
} finally {
  await chrome.kill();
}
