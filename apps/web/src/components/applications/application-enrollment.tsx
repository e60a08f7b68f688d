import { CalendarDays } from 'lucide-react';
import type { ApplicationView } from '@rxbridge/contracts';
import { formatDate } from '@/lib/format';

/** The enrollment period a program approved, once it has one. */
export function ApplicationEnrollment({ application: a }: { application: ApplicationView }) {
  if (!a.enrollmentStartDate && !a.enrollmentEndDate) return null;
  return (
    <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
      <CalendarDays className="size-4" aria-hidden /> Enrolled {formatDate(a.enrollmentStartDate)} –{' '}
      {formatDate(a.enrollmentEndDate)}
    </p>
  );
}
