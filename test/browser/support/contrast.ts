import type { Locator } from 'playwright-core';

export interface ContrastFailure {
  text: string;
  ratio: number;
  required: number;
  color: string;
  background: string;
}

/**
 * WCAG 2.1 text contrast of every visible element under `root` that holds text of its own: at least
 * 4.5:1, or 3:1 for large text (24px, or 18.66px bold). Colours are read through a canvas so any CSS
 * colour (Tailwind's oklch included) becomes sRGB; translucent backgrounds are blended over their
 * ancestors'. Text over a background image or gradient is skipped (nothing solid to measure).
 */
export function contrastFailures(root: Locator): Promise<ContrastFailure[]> {
  return root.evaluate((rootEl) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const g = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): [number, number, number, number] => {
      g.clearRect(0, 0, 1, 1);
      g.fillStyle = '#000';
      g.fillStyle = css;
      g.fillRect(0, 0, 1, 1);
      const [r, gr, b, a] = g.getImageData(0, 0, 1, 1).data;
      return [r!, gr!, b!, a! / 255];
    };
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!));
    const luminance = (c: number[]) => {
      const [r, gr, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * gr! + 0.0722 * b!;
    };
    /** The solid colour behind an element, or null when an image or gradient is in the way. */
    const backgroundOf = (el: Element | null): number[] | null => {
      const layers: [number, number, number, number][] = [];
      for (let at = el; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.backgroundImage !== 'none') return null;
        const c = rgba(style.backgroundColor);
        const opacity = Number(style.opacity);
        if (c[3] > 0) layers.push([c[0], c[1], c[2], c[3] * opacity]);
        if (c[3] === 1 && opacity === 1) break;
      }
      let base = [255, 255, 255];
      for (const layer of layers.reverse()) base = over(layer, base);
      return base;
    };
    const failures: {
      text: string;
      ratio: number;
      required: number;
      color: string;
      background: string;
    }[] = [];
    const all = [rootEl, ...rootEl.querySelectorAll('*')];
    for (const el of all) {
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!own) continue;
      const html = el as HTMLElement;
      if (!html.offsetParent && getComputedStyle(html).position !== 'fixed') continue;
      const style = getComputedStyle(html);
      if (style.visibility === 'hidden' || html.closest('[aria-hidden="true"], .sr-only')) continue;
      // Disabled controls are exempt from the contrast rule, a busy button (aria-disabled) as well.
      if ((html as HTMLButtonElement).disabled || html.closest('[disabled], [aria-disabled="true"]')) continue;
      const bg = backgroundOf(html);
      if (!bg) continue;
      const fg = over(rgba(style.color), bg);
      const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
      const ratio = (hi! + 0.05) / (lo! + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const required = large ? 3 : 4.5;
      if (ratio < required - 0.005) {
        failures.push({
          text: own.slice(0, 60),
          ratio: Math.round(ratio * 100) / 100,
          required,
          color: style.color,
          background: `rgb(${bg.map(Math.round).join(',')})`,
        });
      }
    }
    return failures;
  });
}
