import type { ApplicationView } from '@rxbridge/contracts';
import { useLingui } from '@lingui/react';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { clsx } from 'clsx';

/** Marks a renewal application and when the enrollment it continues ends (docs/product.md §18). */
export function RenewalBadge({
  application: a,
  className,
}: {
  application: Pick<ApplicationView, 'renewalOf' | 'renewsEnrollmentEndingOn'>;
  className?: string;
}) {
  const { _ } = useLingui();
  if (!a.renewalOf) return null;
  return (
    <span className={clsx('inline-flex flex-wrap items-center gap-1.5', className)} data-renewal-of={a.renewalOf}>
      <Badge tone="info">{_('records.renewal.badge')}</Badge>
      {a.renewsEnrollmentEndingOn && (
        <span className="text-xs text-slate-600">
          {_('records.renewal.ends', { date: formatDate(a.renewsEnrollmentEndingOn) })}
        </span>
      )}
    </span>
  );
}
