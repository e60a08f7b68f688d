import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** A titled card of list items, or its empty sentence when there are none. */
export function ListCard({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Card padding="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children.length ? (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">{children}</ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      )}
    </Card>
  );
}
