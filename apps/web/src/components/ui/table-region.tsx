import type { ReactNode } from 'react';

/**
 * The frame of the console's data tables: phones scroll the table sideways, and the region takes the keyboard focus
 * so arrows scroll it too. Named by the heading `labelledBy` points at.
 */
export function TableRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div
      className="mt-4 overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-teal-500"
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
