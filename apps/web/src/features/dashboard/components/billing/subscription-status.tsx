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
import type { PaymentStatus } from '@rxbridge/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

interface StatusLook {
  icon: LucideIcon;
  tone: BadgeTone;
  /** What the status means for the patient, under the badge. */
  note?: string;
}

// docs/product.md §4 Subscriptions: each status has its icon and note; any other value gets a neutral icon.
const SUBSCRIPTION_STATUS: Record<string, StatusLook> = {
  ACTIVE: {
    icon: CheckCircle2,
    tone: 'success',
    note: 'Your subscription is active. Your care navigator is working on your medications.',
  },
  PENDING_CHARGE: {
    icon: Clock,
    tone: 'info',
    note: 'Your card is saved. You will be charged once your application is approved and your first shipment is scheduled.',
  },
  PENDING_PAYMENT: {
    icon: CreditCard,
    tone: 'warning',
    note: 'Add a payment method to finish setting up. Nothing is charged today.',
  },
  PAST_DUE: {
    icon: AlertTriangle,
    tone: 'danger',
    note: 'Your last payment did not go through. Please update your payment method.',
  },
  CANCELLED: { icon: XCircle, tone: 'neutral', note: 'This subscription has been cancelled.' },
  UNPAID: {
    icon: Ban,
    tone: 'danger',
    note: 'This subscription is unpaid. Please update your payment method or contact support.',
  },
};
const OTHER: StatusLook = { icon: CircleHelp, tone: 'neutral' };

export const subscriptionStatusLook = (status: string) => SUBSCRIPTION_STATUS[status] ?? OTHER;

export function SubscriptionStatusBadge({ status }: { status: string }) {
  const { icon: Icon, tone } = subscriptionStatusLook(status);
  return (
    <Badge tone={tone} data-status={status}>
      <Icon aria-hidden />
      {status}
    </Badge>
  );
}

const PAYMENT_TONE: Record<PaymentStatus, BadgeTone> = { SUCCEEDED: 'success', FAILED: 'danger', PENDING: 'info' };

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={PAYMENT_TONE[status] ?? 'neutral'}>{status}</Badge>;
}
