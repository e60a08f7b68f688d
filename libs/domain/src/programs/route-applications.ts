// An application set to another route's program (docs/product.md §19): a navigator may choose a copay card or a
// foundation through the program override; its name, checklist and verdict then come from that entry.
import type { ApplicationEligibility, ApplicationProgram, Language } from '@rxbridge/contracts';
import { requiredDocumentsFor, type DocumentKind } from '../applications';
import {
  applicationEligibility,
  applicationRoutes,
  programChecklist,
  type ChecklistPatient,
  type PatientScreeningContext,
} from './applications';
import { reasonsIn } from './reasons';
import type { CatalogueEntry } from './types';

/** The entry named on an application: a PAP keeps its maker as manufacturer, other kinds their sponsor. */
export function toEntryRef(entry: CatalogueEntry): ApplicationProgram {
  return {
    id: entry.id,
    name: entry.name,
    manufacturer: entry.kind === 'PAP' ? entry.manufacturer : entry.sponsor,
    kind: entry.kind,
    website: entry.website,
  };
}

/** A PAP's own checklist; a copay card or foundation asks for nothing of ours, so the default list stays. */
export function entryChecklist(entry: CatalogueEntry, patient: ChecklistPatient): DocumentKind[] {
  return entry.kind === 'PAP' ? programChecklist(entry, patient).map((i) => i.kind) : requiredDocumentsFor(patient);
}

/**
 * The verdict of an application on any entry: a PAP is screened as before; another route's verdict is its route's
 * (the best fund for a foundation), or needs review when the entry does not list the medication.
 */
export function entryEligibility(
  entry: CatalogueEntry | null,
  medication: string,
  patient: PatientScreeningContext,
  noProgramMessage: string,
  language?: Language,
): ApplicationEligibility {
  if (!entry || entry.kind === 'PAP') return applicationEligibility(entry, patient, noProgramMessage, language);
  const route = applicationRoutes(medication, patient, language).find((r) => r.program?.id === entry.id);
  if (route) return { verdict: route.verdict, reasons: route.reasons, fplPercent: null };
  const facts = patient.facts;
  const saved = facts && facts.householdSize !== null && facts.annualIncomeCents !== null;
  const say = reasonsIn(language);
  return {
    verdict: 'NEEDS_REVIEW',
    reasons: [saved ? say.notListed(entry.name, medication) : say.noFacts],
    fplPercent: null,
  };
}
