import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messageOf } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { createCheckout } from './api/create-checkout';
import { dashboardKeys } from '../dashboard-keys';
import { openCheckoutChannel } from './checkout-channel';

/** docs/product.md: the checkout popup is 600 by 700. */
const POPUP = { width: 600, height: 700 };
const WINDOW_NAME = 'rxbridge-checkout';
/** Nobody pays, or gives up, within this long: a handle that reads closed sooner was cut off. */
const SEVERED_WITHIN_MS = 3000;

/**
 * Opens checkout in a centred popup; if the browser blocks it, the page itself goes to checkout.
 * When the popup closes the patient is asked to check the subscription status, and billing refetches.
 * Provided once by the dashboard, so watching the popup outlives the dialog that opened it.
 */
function useCheckoutState() {
  const queryClient = useQueryClient();
  // Until the popup reports back, this tab answers its probe (so the popup knows to close itself).
  const awaitingReturn = useRef(false);
  // The status toast is shown once per checkout.
  const toastPending = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const channel = useRef<ReturnType<typeof openCheckoutChannel> | null>(null);

  const finish = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.billing });
    if (!toastPending.current) return;
    toastPending.current = false;
    window.clearInterval(timer.current);
    toast.info(i18n._('dashboard.billing.checkout.checkStatus'));
  }, [queryClient]);

  useEffect(() => {
    channel.current = openCheckoutChannel((m) => {
      if (m.type === 'probe' && awaitingReturn.current) channel.current?.post({ type: 'waiting' });
      if (m.type === 'returned') {
        awaitingReturn.current = false;
        finish();
      }
    });
    return () => {
      window.clearInterval(timer.current);
      window.removeEventListener('focus', finish);
      channel.current?.close();
    };
  }, [finish]);

  const watch = useCallback(
    (popup: Window) => {
      const openedAt = Date.now();
      window.clearInterval(timer.current);
      timer.current = window.setInterval(() => {
        if (!popup.closed) return;
        window.clearInterval(timer.current);
        // With a strict Cross-Origin-Opener-Policy the handle is cut off (and reads as closed) as
        // soon as the popup reaches the payment page: then the popup's return message, or this
        // tab getting the focus back, ends the wait instead.
        if (Date.now() - openedAt < SEVERED_WITHIN_MS) window.addEventListener('focus', finish, { once: true });
        else finish();
      }, 500);
    },
    [finish],
  );

  const openUrl = useCallback(
    (url: string) => {
      const left = Math.max(0, window.screenX + (window.outerWidth - POPUP.width) / 2);
      const top = Math.max(0, window.screenY + (window.outerHeight - POPUP.height) / 2);
      const popup = window.open(
        url,
        WINDOW_NAME,
        `popup=yes,width=${POPUP.width},height=${POPUP.height},left=${left},top=${top}`,
      );
      if (!popup) {
        window.location.assign(url);
        return;
      }
      awaitingReturn.current = true;
      toastPending.current = true;
      popup.focus();
      watch(popup);
    },
    [watch],
  );

  const start = useMutation({
    mutationFn: () => createCheckout(),
    onSuccess: (url) => {
      // Starting checkout opens a subscription for the plan if there was none.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.billing });
      if (!url) {
        toast.error(i18n._('dashboard.billing.checkout.noUrl'));
        return;
      }
      openUrl(url);
    },
    onError: (error) =>
      toast.error(
        i18n._('dashboard.billing.checkout.failed', {
          reason: messageOf(error, i18n._('dashboard.billing.unexpected')),
        }),
      ),
  });

  return { start, openUrl };
}

type Checkout = ReturnType<typeof useCheckoutState>;
const CheckoutContext = createContext<Checkout | null>(null);

export function CheckoutProvider({ children }: { children: ReactNode }) {
  return <CheckoutContext.Provider value={useCheckoutState()}>{children}</CheckoutContext.Provider>;
}

export function useCheckout(): Checkout {
  const ctx = useContext(CheckoutContext);
  if (!ctx) throw new Error('useCheckout must be used inside <CheckoutProvider>');
  return ctx;
}
