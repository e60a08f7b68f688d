import type { EntityManager } from 'typeorm';
import { ENROLLED_STATES, findProgram, longDay, renewalCarriedDocuments, renewalTakesOver } from '@rxbridge/domain';
import type { Application } from '@rxbridge/database';
import { noteOnApplication } from './application-notes';
import { findApplicationWithMedication } from './application-state.repository';
import {
  checklistPatient,
  holdPrescription,
  insertApplication,
  lockPatientChecklists,
  setChecklist,
} from './applications.repository';
import { checklistFor } from './open-applications';
import { carryOverDocuments, receivedUploads } from './renewal-documents.repository';
import { TIMELINE_NOTES } from './timeline-notes';

/**
 * The renewal of an enrolled application, 45 days before its enrollment ends (docs/product.md §18):
 * a new application in INTAKE for the same prescription and program (`renewal_of` the old one), its
 * program's checklist with the documents still valid that it asks for taken over, and a timeline entry on each. Only
 * while the enrollment that armed it is still the application's and its prescription the patient's; run again, it
 * opens nothing twice.
 * Returns the renewal, or null when none was opened.
 */
export async function openRenewal(
  manager: EntityManager,
  applicationId: string,
  enrollmentEndDate: string,
): Promise<Application | null> {
  const found = await findApplicationWithMedication(manager, applicationId, { lock: true });
  if (!found) return null;
  const { app: old, medication } = found;
  if (!ENROLLED_STATES.includes(old.state) || old.enrollmentEndDate !== enrollmentEndDate) return null;
  // A prescription removed meanwhile is cancelling its applications: a renewal opened now would escape that.
  if (!(await holdPrescription(manager, old.prescriptionId))) return null;
  // A change of the patient's facts meanwhile is followed in the renewal too (docs/architecture.md §14).
  await lockPatientChecklists(manager, old.userId);
  const renewal = await insertApplication(manager, {
    userId: old.userId,
    prescriptionId: old.prescriptionId,
    medication: old.medication,
    programId: old.programId,
    programOverridden: old.programOverridden,
    renewalOf: old.id,
    renewsEnrollmentEndingOn: enrollmentEndDate,
  });
  if (!renewal) return null;
  const program = old.programId ? findProgram(old.programId) : undefined;
  const patient = await checklistPatient(manager, old.userId);
  const checklist = checklistFor(program, patient);
  await setChecklist(manager, renewal.id, checklist);
  // A card of the plan the patient left stays missing, so they are asked for the new one (§18).
  const received = await receivedUploads(manager, old.id, renewalCarriedDocuments(checklist));
  const kinds = received.filter((item) => renewalTakesOver(item, patient.planSince)).map((item) => item.kind);
  await carryOverDocuments(manager, old.id, renewal.id, kinds);
  const ends = longDay(enrollmentEndDate);
  const system = { actorId: null, actorRole: 'SYSTEM' as const };
  await noteOnApplication(
    manager,
    { app: renewal, medication },
    {
      ...system,
      opens: true,
      note: TIMELINE_NOTES.renewalOf(medication, ends),
      details: { renewalOf: old.id, ...(program ? { programId: program.id } : {}) },
    },
    'application.created',
    { applicationId: renewal.id, userId: old.userId, prescriptionId: old.prescriptionId },
  );
  await noteOnApplication(
    manager,
    { app: old, medication },
    { ...system, note: TIMELINE_NOTES.renewalOpened(ends), details: { renewalId: renewal.id } },
    'application.renewal_opened',
    { applicationId: old.id, userId: old.userId, renewalId: renewal.id },
  );
  return renewal;
}
