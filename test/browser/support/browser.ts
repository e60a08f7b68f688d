import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { FAILURE_HOOKS, type FailureHook } from '../../support/failure-report-environment';
import { startStack, type StackOptions, type TestStack } from '../../support/stack';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

const SCREENSHOT_DIR = join(__dirname, '../../../test-results/screenshots');
const FAILURE_DIR = join(__dirname, '../../../test-results/failures');

/** Debian's Chromium (apt-get install chromium); CHROMIUM_PATH overrides. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A whole stack and a Chromium for one spec file: started before its first test, closed after its
 * last. Read `stack` and `browser` inside tests, once they are started.
 */
export function useStackAndBrowser(opts?: StackOptions): { readonly stack: TestStack; readonly browser: Browser } {
  const started = {} as { stack: TestStack; browser: Browser };
  beforeAll(async () => {
    started.stack = await startStack(opts);
    started.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await started.browser?.close();
    await started.stack?.close();
  });
  return started;
}

/** A sonner toast holding the text (docs/product.md: bottom-right; at the top on a phone while a dialog is open). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** The toast holding the text once it has slid into its place (Sonner's transitions ended). */
export async function settledToast(page: Page, text: string | RegExp): Promise<Locator> {
  const shown = toast(page, text);
  await shown.and(page.locator('[data-mounted="true"]')).waitFor();
  await shown.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  return shown;
}

/**
 * Whether the element, scrolled into view, lies clear of `cover` (a toast, say). Geometry, not a hit
 * test: while a modal dialog is open Radix turns pointer events off outside it, so a toast over a
 * button hides it from sight without ever taking its clicks.
 */
export async function clearOf(target: Locator, cover: Locator): Promise<boolean> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  const [a, b] = await Promise.all([target.boundingBox(), cover.boundingBox()]);
  if (!a) throw new Error('clearOf: the element is not shown');
  if (!b) return true;
  return a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Console messages of every level, in order. */
  console: string[];
  /** Errors thrown in the page. */
  pageErrors: string[];
  /** mailto: links the app opened (the click itself is swallowed: no mail client in a test). */
  mailtoLinks(): Promise<string[]>;
}

/** A fresh context (own localStorage) with a page at the named viewport; `options` add to it (a locale). */
export async function newPage(
  browser: Browser,
  viewport: ViewportName,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    ...options,
    viewport: VIEWPORTS[viewport],
    baseURL,
    deviceScaleFactor: 1,
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __mailto: string[] };
    w.__mailto = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.href.startsWith('mailto:')) {
        w.__mailto.push(this.href);
        return;
      }
      click.call(this);
    };
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  waitForHydrationOnLoad(page);
  const consoleLines: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => pageErrors.push(e.message));
  reportOnFailure(page, viewport, consoleLines, pageErrors);
  return {
    context,
    page,
    console: consoleLines,
    pageErrors,
    mailtoLinks: () => page.evaluate(() => (window as unknown as { __mailto: string[] }).__mailto),
  };
}

/**
 * A public page arrives pre-rendered: it shows before its code runs, and a click then would be lost
 * (as a real visitor's would). After goto and reload, wait until the app has hydrated it.
 */
function waitForHydrationOnLoad(page: Page) {
  const hydrated = () =>
    page.waitForFunction(
      () =>
        !document.getElementById('root')?.hasAttribute('data-prerendered') ||
        document.documentElement.dataset.hydrated === 'true',
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/** While the page is open, a failing test saves its screenshot and prints its address, text and console. */
function reportOnFailure(page: Page, viewport: ViewportName, consoleLines: string[], pageErrors: string[]) {
  const g = globalThis as Record<string, unknown>;
  const hooks = (g[FAILURE_HOOKS] ??= new Set<FailureHook>()) as Set<FailureHook>;
  const hook: FailureHook = async (testName) => {
    mkdirSync(FAILURE_DIR, { recursive: true });
    const file = join(
      FAILURE_DIR,
      `${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${viewport}-${Date.now()}.png`,
    );
    await page.screenshot({ path: file, timeout: 5_000 }).catch(() => undefined);
    const textOf = (selector: string) =>
      page
        .locator(selector)
        .allInnerTexts()
        .then((texts) => texts.join(' | ').replace(/\s+/g, ' '))
        .catch(() => '(unavailable)');
    // An open dialog and the toasts come last in the body: printed on their own so a cut never hides them.
    const [text, dialogs, toasts] = await Promise.all([
      textOf('body'),
      textOf('[role="dialog"], [role="alertdialog"]'),
      textOf('[data-sonner-toast]'),
    ]);
    console.error(
      [
        `Browser page at failure of "${testName}" (${viewport}): ${page.url()}`,
        `screenshot: ${file}`,
        `text: ${text.slice(0, 600)}`,
        `open dialogs: ${dialogs.slice(0, 600) || '(none)'}`,
        `toasts: ${toasts || '(none)'}`,
        `console (last 20):`,
        ...consoleLines.slice(-20).map((l) => `  ${l}`),
        ...(pageErrors.length ? ['page errors:', ...pageErrors.map((e) => `  ${e}`)] : []),
      ].join('\n'),
    );
  };
  hooks.add(hook);
  page.on('close', () => hooks.delete(hook));
}

/** Until the page shows its final state: fonts loaded and no animation or transition under way. */
export async function untilSettled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A toast that has just arrived starts fading in a frame after it mounts, and one leaving fades
  // out: settled means no toast entering or leaving and no animation running, two frames apart. One that never ends (a
  // spinner) is no change under way: the screenshot freezes it.
  await page.waitForFunction(() => {
    const settled = () =>
      !document.querySelector('[data-sonner-toast][data-mounted="false"], [data-sonner-toast][data-removed="true"]') &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
    if (!settled()) return false;
    return new Promise<boolean>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(settled()))));
  });
}

/** Full-page screenshot under test-results/screenshots/{name}-{viewport}.png. */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const size = page.viewportSize();
  const viewport = size && size.width < 600 ? 'phone' : 'desktop';
  const path = join(SCREENSHOT_DIR, `${name}-${viewport}.png`);
  await untilSettled(page);
  await page.screenshot({ path, fullPage: opts.fullPage ?? true, animations: 'disabled' });
  return path;
}

/** A unique address per call, so tests never collide on "email already in use". */
let seq = 0;
export const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${++seq}@example.com`;
