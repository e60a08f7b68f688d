import type { EntityManager } from 'typeorm';
import {
  CHECKLIST_FOLLOWS_STATES,
  documentLabel,
  entryChecklist,
  findCatalogueEntry,
  matchProgramFor,
  requiredDocumentsFor,
  type CatalogueEntry,
  type ChecklistPatient,
  type DocumentKind,
} from '@rxbridge/domain';
import { noteOnApplication } from './application-notes';
import { applicationWithMedication } from './application-state.repository';
import { askAgainForCardOfPlan, CARD_FOLLOWS_PLAN_STATES } from './plan-cards';
import { TIMELINE_NOTES } from './timeline-notes';
import {
  applicationsInStates,
  checklistPatient,
  insertApplication,
  lockPatientChecklists,
  prescriptionsToOpen,
  setChecklist,
} from './applications.repository';

/**
 * One application per new prescription, in INTAKE, matched to the catalogue program covering its
 * medication (none: program_id null) with that program's document checklist, or the default one
 * (docs/product.md §5 Applications). Run again for the same prescriptions, it opens nothing twice. Under the
 * patient's checklist lock, so a change of their facts meanwhile is followed (docs/architecture.md §14).
 */
export async function openApplications(manager: EntityManager, userId: string, prescriptionIds: string[]) {
  await lockPatientChecklists(manager, userId);
  const prescriptions = await prescriptionsToOpen(manager, userId, prescriptionIds);
  if (!prescriptions.length) return;
  const patient = await checklistPatient(manager, userId);
  for (const p of prescriptions) {
    const program = matchProgramFor(p.medication);
    const app = await insertApplication(manager, {
      userId,
      prescriptionId: p.id,
      medication: p.medication,
      programId: program?.id ?? null,
    });
    if (!app) continue;
    await noteOnApplication(
      manager,
      { app, medication: p.medication },
      {
        opens: true,
        actorId: null,
        actorRole: 'SYSTEM',
        note: TIMELINE_NOTES.opened(p.medication),
        details: program ? { programId: program.id } : {},
      },
      'application.created',
      { applicationId: app.id, userId, prescriptionId: p.id },
    );
    await setChecklist(manager, app.id, checklistFor(program, patient));
  }
}

/**
 * The checklist an application opens with: its program's as it applies to the patient, or the default one
 * (docs/product.md §5, §15).
 */
export function checklistFor(program: CatalogueEntry | null | undefined, patient: ChecklistPatient): DocumentKind[] {
  return program ? entryChecklist(program, patient) : requiredDocumentsFor(patient);
}

/**
 * When a patient's plan, state or date of birth changes, the checklists of their applications still being prepared
 * follow (docs/product.md §15): an item no longer asked of them goes while it is missing, one now asked is added; a
 * document received and an item a staff member marked (a navigator's request) stay. First, the insurance card of an
 * application whose packet may still go out follows their plan (askAgainForCardOfPlan, §5): one of a plan they left
 * is asked again, and, where no card is asked any more (no plan left), goes, with the rest or on its own. Each item added, removed
 * or asked again is said on the application's timeline, so a navigator sees why the list changed. Run twice, it
 * changes nothing the second time. Under the patient's checklist lock: an application still opening is waited for,
 * then followed too (docs/architecture.md §14).
 */
export async function followPatientInChecklists(manager: EntityManager, userId: string): Promise<void> {
  await lockPatientChecklists(manager, userId);
  const applications = await applicationsInStates(manager, userId, CARD_FOLLOWS_PLAN_STATES);
  if (!applications.length) return;
  const patient = await checklistPatient(manager, userId);
  const cardNotes = await askAgainForCardOfPlan(manager, applications, patient.planSince);
  for (const a of applications) {
    const program = a.programId ? findCatalogueEntry(a.programId) : null;
    const { added, removed } = CHECKLIST_FOLLOWS_STATES.includes(a.state)
      ? await setChecklist(manager, a.id, checklistFor(program, patient), { keepMarkedItems: true })
      : { added: [], removed: [] };
    const cardNote = removed.includes('INSURANCE_CARD') ? undefined : cardNotes.get(a.id);
    const notes = [
      ...(cardNote ? [cardNote] : []),
      ...added.map((kind) => ({ note: TIMELINE_NOTES.checklistAdded(documentLabel(kind)), details: { added: kind } })),
      ...removed.map((kind) => ({
        note: TIMELINE_NOTES.checklistRemoved(documentLabel(kind)),
        details: { removed: kind },
      })),
    ];
    if (!notes.length) continue;
    const found = await applicationWithMedication(manager, a.id, { lock: false });
    for (const note of notes) {
      await noteOnApplication(
        manager,
        found,
        { actorId: null, actorRole: 'SYSTEM', ...note },
        'application.documents_updated',
        {
          applicationId: a.id,
          userId,
        },
      );
    }
  }
}
