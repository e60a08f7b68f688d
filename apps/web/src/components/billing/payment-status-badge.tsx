import type { PaymentStatus } from '@rxbridge/contracts';
import { titleCase } from '@/lib/format';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { Audience } from '@/components/audience';

const TONE: Record<PaymentStatus, BadgeTone> = { SUCCEEDED: 'success', FAILED: 'danger', PENDING: 'info' };

/** The patient sees the status as the server names it; navigators read it title-cased. */
export function PaymentStatusBadge({ status, audience }: { status: PaymentStatus; audience: Audience }) {
  return (
    <Badge tone={TONE[status] ?? 'neutral'} data-status={status}>
      {audience === 'patient' ? status : titleCase(status)}
    </Badge>
  );
}
