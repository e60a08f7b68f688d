import type { PaymentView } from '@rxbridge/contracts';
import { formatCents, formatDateTime } from '@/lib/format';
import { Card } from '@/components/ui/card';
import { PaymentStatusBadge } from '@/components/billing/payment-status-badge';

/** The latest payments the record carries; `total` says how many there are in all. */
export function PaymentsCard({ payments, total }: { payments: PaymentView[]; total: number }) {
  return (
    <Card padding="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Payments</h2>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No payments yet: the first charge comes when the first shipment is scheduled.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {payments.map((pay) => (
            <li key={pay.id} className="py-2.5">
              <p className="flex items-center gap-2">
                <span className="font-semibold tabular-nums text-slate-900">{formatCents(pay.amount)}</span>
                <PaymentStatusBadge status={pay.status} audience="navigator" />
                <span className="ml-auto text-xs text-slate-500">{formatDateTime(pay.createdAt)}</span>
              </p>
              <p className="mt-0.5 text-slate-600">{pay.description ?? 'Charge'}</p>
              {pay.failureMessage && <p className="text-red-700">{pay.failureMessage}</p>}
            </li>
          ))}
        </ul>
      )}
      {total > payments.length && (
        <p className="mt-2 text-xs text-slate-500">
          Showing the latest {payments.length} of {total} payments.
        </p>
      )}
    </Card>
  );
}
