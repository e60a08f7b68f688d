import {
  AlertTriangle,
  Ban,
  CheckCircle2,
  CircleHelp,
  Clock,
  CreditCard,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import { useLingui } from '@lingui/react';
import { titleCase } from '@/lib/format';
import { subscriptionStatusLabel } from './status-labels';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { Audience } from '@/components/audience';

// Each known status has its icon and colour; any other value gets a neutral icon (docs/product.md).
const LOOK: Record<string, { icon: LucideIcon; tone: BadgeTone }> = {
  ACTIVE: { icon: CheckCircle2, tone: 'success' },
  PENDING_CHARGE: { icon: Clock, tone: 'info' },
  PENDING_PAYMENT: { icon: CreditCard, tone: 'warning' },
  PAST_DUE: { icon: AlertTriangle, tone: 'danger' },
  CANCELLED: { icon: XCircle, tone: 'neutral' },
  UNPAID: { icon: Ban, tone: 'danger' },
};
const OTHER = { icon: CircleHelp, tone: 'neutral' } as const;

/**
 * The patient sees the status as the server names it (in Spanish, its translation), with its icon;
 * navigators read it title-cased.
 */
export function SubscriptionStatusBadge({ status, audience }: { status: string; audience: Audience }) {
  useLingui(); // re-renders when the language changes
  const { icon: Icon, tone } = LOOK[status] ?? OTHER;
  return (
    <Badge tone={tone} data-status={status}>
      {audience === 'patient' ? (
        <>
          <Icon aria-hidden />
          {subscriptionStatusLabel(status)}
        </>
      ) : (
        titleCase(status)
      )}
    </Badge>
  );
}
