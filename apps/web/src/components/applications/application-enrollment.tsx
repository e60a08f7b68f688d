import { CalendarDays } from 'lucide-react';
import type { ApplicationView } from '@rxbridge/contracts';
import { useLingui } from '@lingui/react';
import { formatDate } from '@/lib/format';
import { clsx } from 'clsx';

/**
 * The enrollment period a program approved, while it is in force (docs/product.md §18): an application closed or
 * cancelled keeps its dates but is no longer enrolled; one being re-enrolled still is, until its end date. An end
 * date that is our 12-month default, not the program's published rule nor the navigator's, says so.
 */
export function ApplicationEnrollment({
  application: a,
  className,
}: {
  application: ApplicationView;
  className?: string;
}) {
  const { _ } = useLingui();
  // The two final states, written out: libs/domain's lists would bring the contracts' schemas into the dashboard's
  // first load (docs/architecture.md §1, What loads first).
  if (!a.enrollment || a.state === 'CLOSED' || a.state === 'CANCELLED') return null;
  const { startsOn, endsOn, estimated } = a.enrollment;
  return (
    <p className={clsx('mt-2 flex flex-wrap items-center gap-x-1.5 text-sm text-slate-700', className)}>
      <CalendarDays className="size-4" aria-hidden />
      <span className="font-medium">{_('records.enrollment.until', { date: formatDate(endsOn) })}</span>
      <span className="text-slate-600">
        {estimated
          ? _('records.enrollment.fromEstimated', { date: formatDate(startsOn) })
          : _('records.enrollment.from', { date: formatDate(startsOn) })}
      </span>
    </p>
  );
}
