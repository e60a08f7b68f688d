import type { ApplicationState } from '@rxbridge/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

/** Colour by what the state asks of people: amber waits on someone, green is good news. */
const TONE: Record<ApplicationState, BadgeTone> = {
  INTAKE: 'info',
  AWAITING_DOCUMENTS: 'warning',
  AWAITING_PRESCRIBER: 'warning',
  SUBMITTED: 'info',
  INFO_REQUESTED: 'warning',
  APPROVED: 'success',
  DENIED: 'danger',
  SHIPMENT_SCHEDULED: 'success',
  DELIVERED: 'success',
  REFILL_DUE: 'info',
  RENEWAL_DUE: 'warning',
  CLOSED: 'neutral',
  CANCELLED: 'neutral',
};

export function ApplicationStateBadge({ state, label }: { state: ApplicationState; label: string }) {
  return (
    <Badge tone={TONE[state] ?? 'neutral'} data-state={state}>
      {label}
    </Badge>
  );
}
