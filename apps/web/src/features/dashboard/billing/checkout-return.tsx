import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { messageOf } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { useAuth } from '@/lib/auth/auth-provider';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { dashboardKeys } from '../dashboard-keys';
import { useDashboardDialogs, type BillingTab } from '../dashboard-dialogs';
import { openCheckoutChannel } from './checkout-channel';

/** Sessions already completed by this page: a re-render must not post the same session twice. */
const completed = new Set<string>();

/** Tells the tab that opened checkout (and any other tab) that the card step is over. */
function announce() {
  const channel = openCheckoutChannel(() => undefined);
  channel.post({ type: 'returned' });
  channel.close();
}

const BILLING_LINKS: Record<string, BillingTab> = {
  'update-card': 'subscription',
  subscription: 'subscription',
  history: 'history',
};

/**
 * The dashboard's links: back from checkout (?checkout=success&session_id=… or ?checkout=cancelled)
 * and the emails' ?billing=update-card|history|subscription. Each is handled once and removed
 * from the address, so a reload does not repeat it.
 */
export function useDashboardLinks() {
  const [params, setParams] = useSearchParams();
  const { openBilling } = useDashboardDialogs();
  const { completeSignup } = useAuth();
  const queryClient = useQueryClient();
  const checkout = params.get('checkout');
  const sessionId = params.get('session_id');
  const billing = params.get('billing');

  useEffect(() => {
    if (!checkout && !billing) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const key of ['checkout', 'session_id', 'billing']) next.delete(key);
        return next;
      },
      { replace: true },
    );
    if (billing) openBilling(BILLING_LINKS[billing] ?? 'subscription');
    if (checkout === 'cancelled') {
      toast.info(i18n._('dashboard.billing.checkout.cancelled'), {
        description: i18n._('dashboard.billing.checkout.cancelledBody'),
      });
      openBilling('subscription');
    }
    if (checkout === 'success') {
      openBilling('subscription');
      const key = sessionId ?? 'none';
      if (completed.has(key)) return;
      completed.add(key);
      completeSignup(sessionId ?? undefined)
        .then(() => {
          toast.success(i18n._('dashboard.billing.checkout.saved'), {
            description: i18n._('dashboard.billing.checkout.savedBody'),
          });
          announce();
        })
        .catch((error) =>
          toast.error(
            i18n._('dashboard.billing.checkout.failed', {
              reason: messageOf(error, i18n._('dashboard.billing.unexpected')),
            }),
          ),
        )
        .finally(() => queryClient.invalidateQueries({ queryKey: dashboardKeys.billing }));
    }
  }, [checkout, sessionId, billing, setParams, openBilling, completeSignup, queryClient]);
}

/**
 * What the checkout popup shows when checkout sends it back to the dashboard: the card is saved
 * (POST /users/signup-complete), the opener is told, and the popup closes itself.
 */
export function CheckoutPopupReturn() {
  const [params] = useSearchParams();
  const { completeSignup } = useAuth();
  const [state, setState] = useState<'saving' | 'saved' | 'cancelled' | 'failed'>(
    params.get('checkout') === 'success' ? 'saving' : 'cancelled',
  );
  const [error, setError] = useState('');
  const started = useRef(false);
  const { _ } = useLingui();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (params.get('checkout') !== 'success') {
      announce();
      window.close();
      return;
    }
    completeSignup(params.get('session_id') ?? undefined)
      .then(() => {
        setState('saved');
        announce();
        window.setTimeout(() => window.close(), 600);
      })
      .catch((e) => {
        setError(messageOf(e, i18n._('dashboard.billing.unexpected')));
        setState('failed');
      });
  }, [params, completeSignup]);

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 p-6 text-center">
      <Logo to="/dashboard" />
      <main
        id="main"
        className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        aria-live="polite"
      >
        {state === 'saving' && (
          <>
            <Spinner label={_('dashboard.billing.checkout.saving')} />
            <p className="mt-3 font-medium text-slate-900">{_('dashboard.billing.checkout.savingBody')}</p>
          </>
        )}
        {state === 'saved' && (
          <>
            <CheckCircle2 className="mx-auto size-10 text-teal-600" aria-hidden />
            <h1 className="mt-3 text-lg font-semibold text-slate-900">{_('dashboard.billing.checkout.saved')}</h1>
            <p className="mt-1 text-sm text-slate-600">{_('dashboard.billing.checkout.savedClose')}</p>
          </>
        )}
        {state === 'cancelled' && (
          <>
            <XCircle className="mx-auto size-10 text-slate-400" aria-hidden />
            <h1 className="mt-3 text-lg font-semibold text-slate-900">{_('dashboard.billing.checkout.cancelled')}</h1>
          </>
        )}
        {state === 'failed' && (
          <>
            <XCircle className="mx-auto size-10 text-red-500" aria-hidden />
            <h1 className="mt-3 text-lg font-semibold text-slate-900">{_('dashboard.billing.checkout.failedTitle')}</h1>
            <p className="mt-1 text-sm text-red-700" role="alert">
              {error}
            </p>
          </>
        )}
        {state !== 'saving' && (
          <Button variant="secondary" className="mt-5 w-full" onClick={() => window.close()}>
            {_('dashboard.billing.checkout.close')}
          </Button>
        )}
      </main>
    </div>
  );
}
