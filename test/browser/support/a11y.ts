import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { untilSettled } from './browser';

/** WCAG 2.2 AA (docs/product.md, accessibility): the rules axe-core checks for levels A and AA. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core on what the page shows now (an open dialog included) and fails the test on any
 * violation, naming the rule, the elements and what axe found, so the failure reads without a rerun.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A toast whose time runs out while axe reads the page fades mid-check. Toasts pause while the
  // page is hidden (a person who looks away finds them still there), so the check holds them.
  await setPageHidden(page, true);
  try {
    await check(page, screen);
  } finally {
    await setPageHidden(page, false);
  }
}

async function check(page: Page, screen: string): Promise<void> {
  // Radix animates dialogs in; axe must see the final colours, not a half-faded frame.
  await untilSettled(page);
  const { violations } = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: WCAG_AA },
      // Only the violations are read: axe skips collecting every element that passed.
      resultTypes: ['violations'],
      // WCAG 2.5.3 label in name (axe keeps it off by default): the visible label is in the name.
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  const found = violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${(n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? v.help}`),
  );
  if (found.length) throw new Error(`axe found ${found.length} violation(s) on ${screen}:\n  ${found.join('\n  ')}`);
}

/** Makes the page report itself hidden (or visible again) and tells its listeners, as a tab switch does. */
async function setPageHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((hide) => {
    if (hide) {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    } else {
      // The document's own getters (on its prototype) answer again.
      Reflect.deleteProperty(document, 'hidden');
      Reflect.deleteProperty(document, 'visibilityState');
    }
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}
