// An application set to another route's program (docs/product.md §19): a navigator may choose a copay card or a
// foundation through the program override; its name, checklist and verdict then come from that entry.
import {
  ELIGIBILITY_MESSAGES,
  localizeMessage,
  type ApplicationEligibility,
  type ApplicationProgram,
  type DrugCoverage,
  type Language,
} from '@rxbridge/contracts';
import { requiredDocumentsFor, type DocumentKind } from '../applications';
import {
  applicationEligibility,
  applicationRoutes,
  bestMatchedPrograms,
  programChecklist,
  type ChecklistPatient,
  type PatientScreeningContext,
} from './applications';
import { reasonsIn } from './reasons';
import { copayCardRefusal, foundationRefusal } from './route-rules';
import { CATALOGUES, type Route, type RouteCatalogues } from './routes';
import { programCoverageRefusal, type Refusal } from './screening';
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

/**
 * What is said when no maker's program covers the medication (docs/product.md §15), in English: never that no
 * catalogue program covers it while a copay card or foundation of the catalogue is among its routes.
 */
export const noProgramMessage = (routes: readonly { program: unknown }[]): string =>
  routes.some((r) => r.program) ? ELIGIBILITY_MESSAGES.noMakerProgram : ELIGIBILITY_MESSAGES.noProgram;

/**
 * Why an application has no program: several programs match its medication as well as each other, so its care
 * navigator picks one (matchProgramFor, docs/product.md §15 Matching); else no maker's program covers it.
 */
function noProgramReason(medication: string, routesOf: () => readonly Route[], language: Language): string {
  const several = bestMatchedPrograms(medication);
  if (several.length > 1) return reasonsIn(language).severalPrograms(several.map((p) => p.name).join(', '));
  return localizeMessage(noProgramMessage(routesOf()), language);
}

/** A PAP's own checklist; a copay card or foundation asks for nothing of ours, so the default list stays. */
export function entryChecklist(entry: CatalogueEntry, patient: ChecklistPatient): DocumentKind[] {
  return entry.kind === 'PAP' ? programChecklist(entry, patient).map((i) => i.kind) : requiredDocumentsFor(patient);
}

/**
 * The verdict of an application on any entry: none set is NO_PROGRAM, saying why (noProgramReason); a PAP is
 * screened as before; another route's verdict is its route's (the best fund for a foundation), or needs review when
 * the entry does not list the medication.
 */
export function entryEligibility(
  entry: CatalogueEntry | null,
  medication: string,
  patient: PatientScreeningContext,
  language: Language = 'en',
  /** The application's routes (applicationRoutes) when the caller has them already: a view shows them too. */
  routes?: readonly Route[],
): ApplicationEligibility {
  const routesOf = () => routes ?? applicationRoutes(medication, patient, language);
  if (!entry) return applicationEligibility(null, patient, noProgramReason(medication, routesOf, language), language);
  if (entry.kind === 'PAP') return applicationEligibility(entry, patient, '', language);
  const route = routesOf().find((r) => r.program?.id === entry.id);
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

/**
 * Why the navigator cannot set this entry on an application of this patient's, or null (docs/product.md §15): the
 * entry's recorded facts exclude the patient's coverage, by the rule its route reads. A maker's program by its rule for
 * the kind of plan (programCoverageRefusal), a copay card by the anti-kickback rule and the kinds its terms name
 * (copayCardRefusal), a foundation when its funds are all for Medicare patients (foundationRefusal). A fact not
 * recorded (an unknown rule) refuses nothing.
 */
export function entryRefusal(
  entry: CatalogueEntry,
  medication: string,
  coverage: DrugCoverage | null,
  catalogues: RouteCatalogues = CATALOGUES,
): Refusal | null {
  if (!coverage) return null;
  if (entry.kind === 'PAP') return programCoverageRefusal(entry, coverage);
  if (entry.kind === 'COPAY_CARD') return copayCardRefusal(entry, coverage);
  return foundationRefusal(entry, medication, coverage, catalogues);
}
