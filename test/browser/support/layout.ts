import type { Page } from 'playwright-core';

/**
 * Nothing wider than the window (docs/product.md, Languages: a longer Spanish text must still fit a
 * 375 px phone): not the page, not an open dialog, nothing inside one. What sticks out is named, with
 * `screen` saying where, so a failure reads as the element to fix.
 */
export async function expectNoOverflow(page: Page, screen: string): Promise<void> {
  const wide = await page.evaluate(() => {
    const out: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width)
      out.push(`page ${document.documentElement.scrollWidth} > ${width}`);
    for (const d of document.querySelectorAll<HTMLElement>('[role="dialog"]')) {
      const box = d.getBoundingClientRect();
      if (box.right > width + 0.5) out.push(`dialog right ${box.right} > ${width}`);
      // What sticks out: past the window, or, when the dialog scrolls sideways, past its content box.
      const scrolls = d.scrollWidth > d.clientWidth;
      if (scrolls) out.push(`dialog ${d.scrollWidth} > ${d.clientWidth}`);
      const edge = scrolls ? Math.min(box.right - parseFloat(getComputedStyle(d).paddingRight), width) : width;
      for (const el of d.querySelectorAll<HTMLElement>('*')) {
        const r = el.getBoundingClientRect();
        if (r.width > 1 && r.right > edge + 0.5)
          out.push(`${el.tagName.toLowerCase()} “${(el.textContent ?? '').slice(0, 40)}” right ${r.right} > ${edge}`);
      }
    }
    return out;
  });
  expect({ screen, wide }).toEqual({ screen, wide: [] });
}
