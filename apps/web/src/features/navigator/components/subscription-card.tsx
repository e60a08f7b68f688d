import type { SubscriptionView } from '@rxbridge/contracts';
import { formatCents, formatDate, titleCase } from '@/lib/format';
import { Card } from '@/components/ui/card';
import { planNameOf } from '@/lib/plans';
import { SubscriptionStatusBadge } from '@/components/billing/subscription-status-badge';
import { RecordItem } from './record-item';

const intervalOf = (interval: SubscriptionView['interval']) =>
  interval === 'month' ? ' / month' : interval === 'one_time' ? ' one-time' : '';

export function SubscriptionCard({ subscriptions }: { subscriptions: SubscriptionView[] }) {
  return (
    <Card padding="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Subscription</h2>
      {subscriptions.length === 0 && <p className="mt-2 text-sm text-slate-600">No open subscription.</p>}
      {subscriptions.map((s) => (
        <dl key={s.id} className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
          <RecordItem label="Status" value={<SubscriptionStatusBadge status={s.status} audience="navigator" />} />
          <RecordItem label="Amount" value={`${formatCents(s.totalAmount)}${intervalOf(s.interval)}`} />
          <RecordItem label="Plan" value={planNameOf(s.tier)} />
          <RecordItem label="Prescriptions" value={String(s.prescriptionCount)} />
          <RecordItem label="Current period ends" value={formatDate(s.currentPeriodEnd)} />
          <RecordItem
            label="Card"
            value={
              s.paymentMethod?.last4
                ? `${titleCase(s.paymentMethod.brand ?? 'card')} •••• ${s.paymentMethod.last4}`
                : 'None saved'
            }
          />
          {s.cancelAtPeriodEnd && (
            <p className="col-span-2 text-amber-800">Cancels at the end of the current period.</p>
          )}
        </dl>
      ))}
    </Card>
  );
}
