import type { ReactNode } from 'react';

/**
 * The keyboard's first stop on every page: hidden until focused, it jumps past the header to the
 * page's `#main` (WCAG 2.4.1 Bypass Blocks; docs/product.md §2 "Accessibility and speed"). It goes
 * first in the header, the box it is placed in when shown.
 */
export function SkipLink({ children }: { children: ReactNode }) {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
    >
      {children}
    </a>
  );
}
