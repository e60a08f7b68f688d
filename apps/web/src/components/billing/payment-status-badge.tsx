import type { PaymentStatus } from '@rxbridge/contracts';
import { useLingui } from '@lingui/react';
import { titleCase } from '@/lib/format';
import { paymentStatusLabel } from './status-labels';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { Audience } from '@/components/audience';

const TONE: Record<PaymentStatus, BadgeTone> = { SUCCEEDED: 'success', FAILED: 'danger', PENDING: 'info' };

/** The patient sees the status as the server names it (in Spanish, its translation); navigators read it title-cased. */
export function PaymentStatusBadge({ status, audience }: { status: PaymentStatus; audience: Audience }) {
  useLingui(); // re-renders when the language changes
  return (
    <Badge tone={TONE[status] ?? 'neutral'} data-status={status}>
      {audience === 'patient' ? paymentStatusLabel(status) : titleCase(status)}
    </Badge>
  );
}
