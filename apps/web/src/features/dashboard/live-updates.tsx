import { WifiOff } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { useApplicationUpdated } from './applications/api/use-application-updated';
import { usePaymentUpdated } from './billing/api/use-payment-updated';
import { useSubscriptionUpdated } from './billing/api/use-subscription-updated';
import { useLiveConnection } from '@/lib/live/live-connection';

/** Mounted once under the connection: every event keeps its TanStack Query keys current. */
export function LiveUpdates() {
  useSubscriptionUpdated();
  usePaymentUpdated();
  useApplicationUpdated();
  return null;
}

/**
 * A thin bar under the header, only while live updates are not arriving. Its status region is always there, empty
 * while they arrive: a screen reader announces words coming into a region already on the page, not a region added
 * with them (WCAG 4.1.3).
 */
export function LiveIndicator() {
  const { status } = useLiveConnection();
  const { _ } = useLingui();
  const down = status === 'down';
  return (
    <div
      role="status"
      className={
        down
          ? 'flex items-center justify-center gap-1.5 border-t border-amber-200 bg-amber-50 px-4 py-1.5 text-xs font-medium text-amber-900'
          : undefined
      }
    >
      {down && (
        <>
          <WifiOff className="size-3.5 shrink-0" aria-hidden />
          {_('dashboard.live.paused')}
        </>
      )}
    </div>
  );
}
