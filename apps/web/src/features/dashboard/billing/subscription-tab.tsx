import { useState } from 'react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { CreditCard, FileText } from 'lucide-react';

import type { PlanTier } from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { formatCents, formatDate, titleCase } from '@/lib/format';
import { planName, priceWithInterval } from './plan-labels';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { PaymentStatusBadge } from '@/components/billing/payment-status-badge';
import { SubscriptionStatusBadge } from '@/components/billing/subscription-status-badge';
import { useActiveSubscriptions, type SubscriptionView } from './api/get-subscriptions';
import { usePayments } from './api/get-payments';
import { useCancelSubscription } from './api/cancel-subscription';
import { usePrescriptions } from '../records/api/get-prescriptions';
import { LoadError } from '../load-error';
import { useCheckout } from './checkout';
import { subscriptionNote } from './subscription-note';
import { CostQuote } from './cost-quote';

export function SubscriptionTab() {
  const { user } = useAuth();
  const subscriptions = useActiveSubscriptions();
  const prescriptions = usePrescriptions();
  const { start } = useCheckout();
  const { _ } = useLingui();

  if (subscriptions.isPending)
    return <Spinner className="flex justify-center py-8" label={_('dashboard.billing.subscription.loading')} />;
  if (subscriptions.isError) {
    return (
      <LoadError
        title={_('dashboard.billing.subscription.loadFailed')}
        error={subscriptions.error}
        onRetry={() => subscriptions.refetch()}
      />
    );
  }
  const subs = subscriptions.data;
  const tier: PlanTier | undefined = subs[0]?.tier ?? user?.tier;
  const count = subs[0]?.prescriptionCount ?? prescriptions.data?.length ?? user?.prescriptionCount ?? 0;

  return (
    <div className="space-y-5">
      {subs.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center">
          <p className="font-medium text-slate-900">{_('dashboard.billing.subscription.none')}</p>
          <p className="mt-1 text-sm text-slate-600">{_('dashboard.billing.subscription.noneBody')}</p>
          {tier !== 'DIY_INSTRUCTIONS' && (
            <Button className="mt-4" isLoading={start.isPending} onClick={() => start.mutate()}>
              <CreditCard aria-hidden /> {_('dashboard.billing.subscription.start')}
            </Button>
          )}
        </div>
      ) : (
        subs.map((s) => <SubscriptionCard key={s.id} subscription={s} />)
      )}
      {tier && <CostQuote prescriptionCount={count} tier={tier} />}
    </div>
  );
}

function SubscriptionCard({ subscription: s }: { subscription: SubscriptionView }) {
  const { start } = useCheckout();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const { _ } = useLingui();
  const latest = usePayments(1).data?.payments.find((p) => p.subscriptionId === s.id);
  const note = subscriptionNote(s.status);
  const summary = s.metadata?.pricingBreakdown?.summary;
  const plan = planName(s.tier);

  const onCancel = () =>
    cancel.mutateAsync(s.id).then(
      ({ message }) => {
        setConfirming(false);
        toast.success(message ?? _('dashboard.billing.subscription.cancelled'));
      },
      (error) => {
        setConfirming(false);
        toast.error(
          _('dashboard.billing.subscription.cancelFailed', {
            reason: messageOf(error, _('dashboard.billing.unexpected')),
          }),
        );
      },
    );

  return (
    <section
      aria-label={_('dashboard.billing.subscription.label', { plan })}
      className="rounded-xl border border-slate-200 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{plan}</h3>
        <SubscriptionStatusBadge status={s.status} audience="patient" />
      </div>
      {note && <p className="mt-2 text-sm text-slate-600">{note}</p>}

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <Fact label={_('dashboard.billing.subscription.prescriptions')} value={String(s.prescriptionCount)} />
        <Fact label={_('dashboard.billing.subscription.total')} value={priceWithInterval(s.totalAmount, s.interval)} />
        <Fact
          label={
            s.cancelAtPeriodEnd
              ? _('dashboard.billing.subscription.endsOn')
              : _('dashboard.billing.subscription.periodEnds')
          }
          value={formatDate(s.currentPeriodEnd)}
        />
        <Fact
          label={_('dashboard.billing.subscription.paymentMethod')}
          value={
            s.paymentMethod?.last4
              ? `${s.paymentMethod.brand ? titleCase(s.paymentMethod.brand) : _('dashboard.billing.subscription.card')} •••• ${s.paymentMethod.last4}`
              : _('dashboard.billing.subscription.noCard')
          }
        />
      </dl>

      {summary && (
        <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm">
          <p className="flex items-center gap-1.5 font-medium text-slate-800">
            <FileText className="size-4 text-slate-500" aria-hidden /> {_('dashboard.billing.subscription.breakdown')}
          </p>
          <ul className="mt-2 space-y-1 text-slate-600">
            <li>{summary.bundle}</li>
            <li>{summary.additional}</li>
            <li>{summary.free}</li>
            <li className="font-semibold text-slate-900">{summary.total}</li>
          </ul>
        </div>
      )}

      {latest && (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {_('dashboard.billing.subscription.latest')}{' '}
          <span className="font-semibold tabular-nums text-slate-900">{formatCents(latest.amount)}</span>
          <PaymentStatusBadge status={latest.status} audience="patient" />{' '}
          {_('dashboard.billing.subscription.latestOn', { date: formatDate(latest.createdAt) })}
        </p>
      )}

      <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-end">
        {s.status === 'PENDING_PAYMENT' && (
          <Button isLoading={start.isPending} onClick={() => start.mutate()}>
            <CreditCard aria-hidden /> {_('dashboard.billing.subscription.addCard')}
          </Button>
        )}
        {(s.status === 'PAST_DUE' || s.status === 'UNPAID') && (
          <Button isLoading={start.isPending} onClick={() => start.mutate()}>
            <CreditCard aria-hidden /> {_('dashboard.billing.subscription.updateCard')}
          </Button>
        )}
        {s.status !== 'CANCELLED' && (
          <Button variant="secondaryDanger" onClick={() => setConfirming(true)}>
            {_('dashboard.billing.subscription.cancel')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={_('dashboard.billing.subscription.cancelTitle')}
        description={_('dashboard.billing.subscription.cancelDescription')}
        confirmLabel={_('dashboard.billing.subscription.cancelConfirm')}
        cancelLabel={_('dashboard.billing.subscription.keep')}
        isPending={cancel.isPending}
        onConfirm={onCancel}
      />
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
