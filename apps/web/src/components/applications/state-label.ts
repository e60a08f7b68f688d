import type { ApplicationState } from '@rxbridge/contracts';
import { i18n } from '@/lib/i18n';

/**
 * An application state as people read it, in the active language (docs/product.md §5); the English
 * labels are libs/domain's stateLabel. In 'common': the navigator console shows the same badges.
 */
export function applicationStateLabel(state: ApplicationState): string {
  switch (state) {
    case 'INTAKE':
      return i18n._('records.applicationState.intake');
    case 'AWAITING_DOCUMENTS':
      return i18n._('records.applicationState.awaitingDocuments');
    case 'AWAITING_PRESCRIBER':
      return i18n._('records.applicationState.awaitingPrescriber');
    case 'SUBMITTED':
      return i18n._('records.applicationState.submitted');
    case 'INFO_REQUESTED':
      return i18n._('records.applicationState.infoRequested');
    case 'APPROVED':
      return i18n._('records.applicationState.approved');
    case 'DENIED':
      return i18n._('records.applicationState.denied');
    case 'SHIPMENT_SCHEDULED':
      return i18n._('records.applicationState.shipmentScheduled');
    case 'DELIVERED':
      return i18n._('records.applicationState.delivered');
    case 'REFILL_DUE':
      return i18n._('records.applicationState.refillDue');
    case 'RENEWAL_DUE':
      return i18n._('records.applicationState.renewalDue');
    case 'CLOSED':
      return i18n._('records.applicationState.closed');
    case 'CANCELLED':
      return i18n._('records.applicationState.cancelled');
    default:
      return state;
  }
}

/**
 * What happens next for an application in `state`, in the active language (docs/product.md §5). The
 * English texts are libs/domain's nextStepFor, which the API sends as `nextStep`; the screens say it
 * from the catalogue so a Spanish page says it in Spanish (state-label.spec.ts keeps the two equal).
 */
export function applicationNextStep(state: ApplicationState): string {
  switch (state) {
    case 'INTAKE':
      return i18n._('records.applicationNextStep.intake');
    case 'AWAITING_DOCUMENTS':
      return i18n._('records.applicationNextStep.awaitingDocuments');
    case 'AWAITING_PRESCRIBER':
      return i18n._('records.applicationNextStep.awaitingPrescriber');
    case 'SUBMITTED':
      return i18n._('records.applicationNextStep.submitted');
    case 'INFO_REQUESTED':
      return i18n._('records.applicationNextStep.infoRequested');
    case 'APPROVED':
      return i18n._('records.applicationNextStep.approved');
    case 'DENIED':
      return i18n._('records.applicationNextStep.denied');
    case 'SHIPMENT_SCHEDULED':
      return i18n._('records.applicationNextStep.shipmentScheduled');
    case 'DELIVERED':
      return i18n._('records.applicationNextStep.delivered');
    case 'REFILL_DUE':
      return i18n._('records.applicationNextStep.refillDue');
    case 'RENEWAL_DUE':
      return i18n._('records.applicationNextStep.renewalDue');
    case 'CLOSED':
      return i18n._('records.applicationNextStep.closed');
    case 'CANCELLED':
      return i18n._('records.applicationNextStep.cancelled');
    default:
      return '';
  }
}
