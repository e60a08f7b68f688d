import type { PlanTier } from '@rxbridge/contracts';
import { Calculator } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { formatCents } from '@/lib/format';
import { Spinner } from '@/components/ui/spinner';
import { useCostQuote } from './api/get-cost-quote';
import { LoadError } from '../load-error';

/** The server's price for the patient's prescriptions (GET /subscriptions/calculate-cost). */
export function CostQuote({ prescriptionCount, tier }: { prescriptionCount: number; tier: PlanTier }) {
  const quote = useCostQuote(prescriptionCount, tier);
  const { _ } = useLingui();
  return (
    <section
      aria-labelledby="cost-quote-title"
      className="rounded-xl bg-teal-50/60 p-4 ring-1 ring-inset ring-teal-600/15 sm:p-5"
    >
      <h3 id="cost-quote-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Calculator className="size-4 text-teal-700" aria-hidden /> {_('dashboard.billing.quote.title')}
      </h3>
      {quote.isPending && <Spinner className="mt-3 flex justify-center" label={_('dashboard.billing.quote.loading')} />}
      {quote.isError && <LoadError title={_('dashboard.billing.quote.loadFailed')} error={quote.error} />}
      {quote.data && (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {_('dashboard.billing.quote.for', { count: quote.data.prescriptionCount })}
          </p>
          <ul className="mt-3 space-y-1 text-sm text-slate-700">
            <li>{quote.data.firstTwoPrescriptions.description}</li>
            <li>{quote.data.additionalPrescriptions.description}</li>
          </ul>
          <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2 border-t border-teal-600/15 pt-3">
            <p className="font-semibold text-slate-900">{quote.data.summary.total}</p>
            <p className="text-sm text-slate-600">
              {_('dashboard.billing.quote.dueToday')}{' '}
              <span className="font-semibold text-teal-800">{formatCents(quote.data.dueToday)}</span>
            </p>
          </div>
        </>
      )}
    </section>
  );
}
