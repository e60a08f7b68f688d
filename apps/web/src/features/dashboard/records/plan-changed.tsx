import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';
import { Receipt } from 'lucide-react';
import { useAuth } from '@/lib/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { usePrescriptions } from './api/get-prescriptions';
import { useActiveSubscriptions } from '../billing/api/get-subscriptions';
import { useCostQuote } from '../billing/api/get-cost-quote';

/**
 * The plan's price after a prescription added while the dialog stayed open, and the way to the subscription,
 * under the added row's Save (which keeps the focus). In the dialog, not in a toast: while the modal dialog is
 * open a toast takes neither the focus nor the pointer.
 */
export function PlanChanged({ onReview }: { onReview(): void }) {
  const shown = useRef<HTMLDivElement>(null);
  // A block, not an arrow's value: the browser's scrollIntoView may answer a promise, which React would call on unmount.
  useEffect(() => {
    shown.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const { user } = useAuth();
  const count = usePrescriptions().data?.length ?? 0;
  const tier = useActiveSubscriptions().data?.[0]?.tier ?? user?.tier;
  const quote = useCostQuote(count, tier);
  const { _ } = useLingui();
  return (
    <div
      ref={shown}
      className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-teal-50/60 p-4 ring-1 ring-inset ring-teal-600/15"
    >
      <p className="flex items-start gap-2 text-sm text-slate-900">
        <Receipt className="mt-0.5 size-4 shrink-0 text-teal-700" aria-hidden />
        <span>
          {_('dashboard.records.prescriptions.planChanged', { count })}{' '}
          {quote.data && <span className="font-semibold">{quote.data.summary.total}</span>}
        </span>
      </p>
      <Button variant="outline" size="sm" onClick={onReview}>
        {_('dashboard.records.prescriptions.reviewPlan')}
      </Button>
    </div>
  );
}
