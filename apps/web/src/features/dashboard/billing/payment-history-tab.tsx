import { useState } from 'react';
import { Receipt } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { formatCents, formatDate } from '@/lib/format';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { PaymentStatusBadge } from '@/components/billing/payment-status-badge';
import { usePayments } from './api/get-payments';
import { LoadError } from '../load-error';

export function PaymentHistoryTab() {
  const [page, setPage] = useState(1);
  const payments = usePayments(page);
  const { _ } = useLingui();

  if (payments.isPending)
    return <Spinner className="flex justify-center py-8" label={_('dashboard.billing.payments.loading')} />;
  if (payments.isError)
    return (
      <LoadError
        title={_('dashboard.billing.payments.loadFailed')}
        error={payments.error}
        onRetry={() => payments.refetch()}
      />
    );

  const { payments: rows, pagination } = payments.data;
  if (rows.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
        <Receipt className="mx-auto size-8 text-slate-400" aria-hidden />
        <p className="mt-3 font-medium text-slate-900">{_('dashboard.billing.payments.none')}</p>
        <p className="mt-1 text-sm text-slate-600">{_('dashboard.billing.payments.noneBody')}</p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ul
        aria-label={_('dashboard.billing.payments.list')}
        className="divide-y divide-slate-200 rounded-xl border border-slate-200"
      >
        {rows.map((p) => (
          <li key={p.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-4">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{p.description ?? _('dashboard.billing.payments.default')}</p>
              <p className="text-sm text-slate-500">{formatDate(p.createdAt)}</p>
              {p.status === 'FAILED' && p.failureMessage && (
                <p className="mt-1 text-sm text-red-700">{p.failureMessage}</p>
              )}
            </div>
            <div className="flex items-center gap-3">
              <span className="font-semibold tabular-nums text-slate-900">{formatCents(p.amount)}</span>
              <PaymentStatusBadge status={p.status} audience="patient" />
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        page={pagination.currentPage}
        totalPages={pagination.totalPages}
        onPageChange={setPage}
        label={_('dashboard.billing.payments.pages')}
      />
      <p className="text-center text-xs text-slate-500">
        {_('dashboard.billing.payments.total', { count: pagination.totalCount })}
      </p>
    </div>
  );
}
