import type { EntityManager } from 'typeorm';
import {
  matchProgramFor,
  programChecklist,
  requiredDocumentsFor,
  type DocumentKind,
  type PapProgram,
} from '@rxbridge/domain';
import { noteOnApplication } from './application-notes';
import { TIMELINE_NOTES } from './timeline-notes';
import { hasInsurance, insertApplication, prescriptionsToOpen, setChecklist } from './applications.repository';

/**
 * One application per new prescription, in INTAKE, matched to the catalogue program covering its
 * medication (none: program_id null) with that program's document checklist, or the default one
 * (docs/product.md §5 Applications). Run again for the same prescriptions, it opens nothing twice.
 */
export async function openApplications(manager: EntityManager, userId: string, prescriptionIds: string[]) {
  const prescriptions = await prescriptionsToOpen(manager, userId, prescriptionIds);
  if (!prescriptions.length) return;
  const insured = await hasInsurance(manager, userId);
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
    await setChecklist(manager, app.id, checklistFor(program, insured));
  }
}

/** The checklist an application opens with: its program's, or the default one (docs/product.md §5). */
export function checklistFor(program: PapProgram | null | undefined, hasInsurance: boolean): DocumentKind[] {
  return program
    ? programChecklist(program, { hasInsurance }).map((i) => i.kind)
    : requiredDocumentsFor({ hasInsurance });
}
