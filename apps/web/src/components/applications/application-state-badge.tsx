import type { ApplicationState } from '@rxbridge/contracts';
import { useLingui } from '@lingui/react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { applicationStateLabel } from './state-label';

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

/** The state's label in the active language (the server's English stateLabel is not shown). */
export function ApplicationStateBadge({ state }: { state: ApplicationState }) {
  useLingui(); // re-renders when the language changes
  return (
    <Badge tone={TONE[state] ?? 'neutral'} data-state={state}>
      {applicationStateLabel(state)}
    </Badge>
  );
}
