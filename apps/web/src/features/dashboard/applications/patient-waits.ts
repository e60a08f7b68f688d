import type { PatientWait } from '@rxbridge/domain';
import { i18n } from '@/lib/i18n';

/**
 * Why nothing is asked of the patient while they wait on their navigator (patientWaits, docs/product.md §17), in a
 * few words: the application's card says it in place of the missing documents, and the dialog's section is titled so.
 */
export const waitingTitle = (wait: PatientWait) =>
  wait.kind === 'NAVIGATOR_FIRST'
    ? i18n._('dashboard.applications.waiting.title')
    : i18n._('dashboard.applications.anotherRoute.title', { program: wait.program });
