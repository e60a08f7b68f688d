import type { ApplicationView } from '@rxbridge/contracts';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';

/** Marks a renewal application and when the enrollment it continues ends (docs/product.md §18). */
export function RenewalBadge({ application: a }: { application: ApplicationView }) {
  if (!a.renewalOf) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-renewal-of={a.renewalOf}>
      <Badge tone="info">Renewal</Badge>
      {a.renewsEnrollmentEndingOn && (
        <span className="text-xs text-slate-600">enrollment ends {formatDate(a.renewsEnrollmentEndingOn)}</span>
      )}
    </span>
  );
}
