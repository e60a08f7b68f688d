// How a program meets an application (docs/product.md §15 Programs and eligibility): the public view of a program,
// which program an application goes to, its document checklist and its verdict. Pure: the API, the worker and the
// web app all use these, so there is one copy of each rule.
import type {
  ApplicationEligibility,
  DrugCoverage,
  EligibilityFacts,
  Language,
  ProgramRef,
  ProgramView,
} from '@rxbridge/contracts';
import { documentLabel, type DocumentKind } from '../applications';
import { PAP_CATALOGUE } from './catalogue';
import { searchCatalogue } from './catalogue-views';
import { drugCoverageFromInsuranceType } from './coverage';
import { screenRoutes, type Route } from './routes';
import { bestMatches, matchPrograms, type MedicationMatch } from './matching';
import { REASONS_EN, reasonsIn } from './reasons';
import { screenEligibility, type ScreeningInsuranceType } from './screening';
import type { DocumentCondition, PapProgram, ProgramDocument } from './types';
import { patientCoverage, type PatientCoverage } from './coverage';

/** What everyone may see of a program (no insurance rules or internal notes). */
export function toProgramView(program: PapProgram): ProgramView {
  return {
    kind: 'PAP',
    id: program.id,
    name: program.name,
    sponsor: program.manufacturer,
    manufacturer: program.manufacturer,
    medications: program.medications.map((m) => ({ brand: m.brand, generic: m.generic })),
    website: program.website,
    ...incomeLimitView(program),
    requiredDocuments: publishedDocuments(program),
    application: {
      ...program.application,
      prescriberFields: [...program.application.prescriberFields],
      shipTo: [...program.application.shipTo],
      submitTo: { ...program.application.submitTo },
    },
    enrollment: { ...program.enrollment },
    source: { url: program.source.url, checkedOn: program.source.checkedOn },
  };
}

/**
 * A limit published in dollars is shown as those dollars, with the older guideline's percentage and year they equal,
 * never as a percentage of the latest guideline: screening compares the dollars (docs/product.md §15).
 */
function incomeLimitView(program: PapProgram): Pick<ProgramView, 'incomeLimitFplPercent' | 'incomeLimitDollars'> {
  const dollars = program.incomeLimitDollars;
  if (!dollars) return { incomeLimitFplPercent: program.incomeLimitFplPercent, incomeLimitDollars: null };
  return {
    incomeLimitFplPercent: null,
    incomeLimitDollars: {
      byHouseholdSize: dollars.byHouseholdSize.map((row) => ({ ...row })),
      perExtraPersonCents: dollars.perExtraPersonCents,
      fplPercent: dollars.guidelineYear === null ? null : program.incomeLimitFplPercent,
      guidelineYear: dollars.guidelineYear,
      statesNotCovered: [...dollars.statesNotCovered],
    },
  };
}

export function toProgramRef(program: PapProgram): ProgramRef {
  return { id: program.id, name: program.name, manufacturer: program.manufacturer };
}

export function findProgram(id: string, catalogue: readonly PapProgram[] = PAP_CATALOGUE): PapProgram | undefined {
  return catalogue.find((p) => p.id === id);
}

/** Programs whose name, maker, brand or generic names contain the words typed, case-insensitively; all without. */
export function searchPrograms(search: string | undefined, catalogue: readonly PapProgram[] = PAP_CATALOGUE) {
  return searchCatalogue(search, 'PAP', { paps: catalogue, copayCards: [], foundations: [] }) as PapProgram[];
}

/** The programs of some matches, each once, in the matches' order. */
function programsOf(matches: readonly MedicationMatch[]): PapProgram[] {
  return [...new Map(matches.map((m) => [m.program.id, m.program])).values()];
}

/** Every program offering a medication, each once, best match first (matchPrograms' order). */
export function programsFor(medication: string, catalogue: readonly PapProgram[] = PAP_CATALOGUE): PapProgram[] {
  return programsOf(matchPrograms(medication, catalogue).matches);
}

/** The programs holding a medication's best-ranked matches, each once: more than one when the name is ambiguous. */
export function bestMatchedPrograms(medication: string, catalogue: readonly PapProgram[] = PAP_CATALOGUE) {
  return programsOf(bestMatches(matchPrograms(medication, catalogue)));
}

/**
 * The program a new application goes to: the one program its best-ranked matches belong to. Null when none covers
 * the medication, or when they belong to several ("insulin glargine": Lilly's Basaglar, Sanofi's Lantus): the
 * catalogue's order is no reason to pick one, so the application waits for a navigator's (docs/product.md §15).
 */
export function matchProgramFor(
  medication: string,
  catalogue: readonly PapProgram[] = PAP_CATALOGUE,
): PapProgram | null {
  const programs = bestMatchedPrograms(medication, catalogue);
  return programs.length === 1 ? programs[0] : null;
}

/** The documents a program publishes, each kind once, in the program's order with proof of income first. */
export function publishedDocuments(program: PapProgram): { kind: DocumentKind; label: string }[] {
  return publishedItems(program).map(({ kind, label }) => ({ kind, label }));
}

function publishedItems(program: PapProgram): ProgramDocument[] {
  const items = new Map<DocumentKind, ProgramDocument>();
  for (const d of program.documents) {
    if (!items.has(d.kind)) items.set(d.kind, d);
  }
  const list = [...items.values()];
  return [...list.filter((i) => i.kind === 'PROOF_OF_INCOME'), ...list.filter((i) => i.kind !== 'PROOF_OF_INCOME')];
}

/** What a checklist reads of a patient; null where it is not known, and an item that depends on it is then asked. */
export interface ChecklistPatient {
  hasInsurance: boolean;
  /** The kind of plan of the newest insurance record (NONE without one). */
  drugCoverage: DrugCoverage | null;
  /** Whole years on the day the checklist is made. */
  age: number | null;
  /** Mailing state, two letters. */
  state: string | null;
}

/** Nothing known but insurance: a checklist for it holds every item a program may ask (labels, order). */
export const ANY_PATIENT: ChecklistPatient = { hasInsurance: true, drugCoverage: null, age: null, state: null };

/** Whether a document with this condition is asked of the patient: every part matches, or its fact is unknown. */
export function asksOf(only: DocumentCondition | undefined, patient: ChecklistPatient): boolean {
  if (!only) return true;
  const { drugCoverage, age, state } = patient;
  if (only.drugCoverage && drugCoverage !== null && !only.drugCoverage.includes(drugCoverage)) return false;
  if (only.minAge !== undefined && age !== null && age < only.minAge) return false;
  if (only.states && state !== null && !only.states.includes(state)) return false;
  return true;
}

/**
 * An application's checklist for a program (docs/product.md §15): proof of income first, always (the verdict rests
 * on the income the patient gave, and a navigator confirms it before submitting), then what the program publishes
 * and asks of this patient ("Medicare Part D only", "Age 65 and over"); the insurance card only from insured
 * patients, like the default list.
 */
export function programChecklist(
  program: PapProgram,
  patient: ChecklistPatient,
): { kind: DocumentKind; label: string }[] {
  const published = publishedItems(program)
    .filter((i) => (patient.hasInsurance || i.kind !== 'INSURANCE_CARD') && asksOf(i.only, patient))
    .map(({ kind, label }) => ({ kind, label }));
  return published[0]?.kind === 'PROOF_OF_INCOME'
    ? published
    : [{ kind: 'PROOF_OF_INCOME', label: documentLabel('PROOF_OF_INCOME') }, ...published];
}

/** Age in whole years on a day, from an ISO date of birth (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, day: Date): number {
  const [y, m, d] = dateOfBirth.slice(0, 10).split('-').map(Number);
  const beforeBirthday = day.getUTCMonth() + 1 < m || (day.getUTCMonth() + 1 === m && day.getUTCDate() < d);
  return day.getUTCFullYear() - y - (beforeBirthday ? 1 : 0);
}

/**
 * What screening knows of a patient: saved facts (or null), the state, and the coverage of their newest insurance
 * record (docs/product.md §15): `insuranceType` is what the manufacturer programs' rules read (screeningInsuranceTypeOf),
 * beside it the patient's coverage answers (patientCoverage).
 */
export interface PatientScreeningContext extends PatientCoverage {
  facts: EligibilityFacts | null;
  insuranceType: ScreeningInsuranceType;
  /** Mailing state from the profile (two letters). */
  state: string;
}

type ScreenedPatient = Pick<PatientScreeningContext, 'facts' | 'insuranceType' | 'state'> & Partial<PatientCoverage>;

/**
 * The patient's screening facts when saved, else null (the views then need review). An answered plan kind screens
 * the maker's program by that kind (docs/product.md §19); an unanswered record keeps its old insurance type.
 */
function savedFacts(patient: ScreenedPatient) {
  const { facts } = patient;
  if (!facts || facts.householdSize === null || facts.annualIncomeCents === null) return null;
  return {
    householdSize: facts.householdSize,
    annualIncomeCents: facts.annualIncomeCents,
    state: patient.state,
    insuranceType: patient.insuranceType,
    ...(patient.drugCoverage && patient.answered !== false ? { drugCoverage: patient.drugCoverage } : {}),
  };
}

/**
 * Every route for an application's medication from the patient's current facts (docs/product.md §19): [] until the
 * patient saved their household facts or when they are out of range (the verdict then says why).
 */
export function applicationRoutes(medication: string, patient: ScreenedPatient, language?: Language): Route[] {
  const facts = savedFacts(patient);
  if (!facts) return [];
  try {
    return screenRoutes({
      ...facts,
      drugCoverage: patient.drugCoverage ?? drugCoverageFromInsuranceType(facts.insuranceType),
      // Unanswered: the maker's programs are screened on the old insurance type, as the verdict is.
      papInsuranceType: facts.drugCoverage ? undefined : facts.insuranceType,
      medication,
      extraHelp: patient.extraHelp ?? null,
      outOfPocketCents: patient.outOfPocketCents ?? null,
      language,
    });
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return [];
  }
}

/** A patient of whom screening knows nothing: no facts, no insurance, no state. */
export const UNKNOWN_PATIENT: PatientScreeningContext = {
  facts: null,
  insuranceType: 'None',
  state: '',
  ...patientCoverage(null),
};

export const NO_FACTS_REASON = REASONS_EN.noFacts;

/**
 * An application's verdict, computed from the current facts whenever it is read (docs/architecture.md §14):
 * NO_PROGRAM without a program; NEEDS_REVIEW until the patient saved their household facts; otherwise the
 * screening of libs/domain. Never throws: facts out of range (they were validated on save) need review.
 */
export function applicationEligibility(
  program: PapProgram | null,
  patient: ScreenedPatient,
  noProgramMessage: string,
  language?: Language,
): ApplicationEligibility {
  if (!program) return { verdict: 'NO_PROGRAM', reasons: [noProgramMessage], fplPercent: null };
  const facts = savedFacts(patient);
  if (!facts) return { verdict: 'NEEDS_REVIEW', reasons: [reasonsIn(language).noFacts], fplPercent: null };
  try {
    return screenEligibility(program, { ...facts, language });
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return { verdict: 'NEEDS_REVIEW', reasons: [e.message], fplPercent: null };
  }
}
