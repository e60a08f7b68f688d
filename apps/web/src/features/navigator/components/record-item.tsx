import type { ReactNode } from 'react';

/** One labelled fact of the record (inside a <dl>); an empty value shows a dash. */
export function RecordItem({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{value || '—'}</dd>
    </div>
  );
}
