// Shapes of the Patient Assistance Program catalogue. Plain data: every fact in a catalogue entry was read on a
// public page named in that entry's `source` or `otherSources`; a fact nobody could verify is null, never a guess.

/** Therapeutic areas the catalogue must cover; each medication belongs to exactly one. */
export const THERAPEUTIC_AREAS = [
  'DIABETES',
  'CARDIOLOGY',
  'RESPIRATORY',
  'ONCOLOGY',
  'RHEUMATOLOGY',
  'NEUROLOGY',
  'DERMATOLOGY',
  'HIV_PREP',
] as const;
export type TherapeuticArea = (typeof THERAPEUTIC_AREAS)[number];

/** Papers a program asks for with an application packet. */
export const PROGRAM_DOCUMENT_KINDS = [
  'PROOF_OF_INCOME',
  'PROOF_OF_RESIDENCY',
  'INSURANCE_CARD',
  'PRESCRIPTION',
  'PRESCRIBER_FORM',
  /** A denial letter from Medicaid, the Medicare Low-Income Subsidy ("Extra Help") or a similar program. */
  'COVERAGE_DENIAL',
  /** A pharmacy print-out or Explanation of Benefits showing this year's out-of-pocket prescription spend. */
  'PROOF_OF_OUT_OF_POCKET_SPEND',
] as const;
export type ProgramDocumentKind = (typeof PROGRAM_DOCUMENT_KINDS)[number];

/** U.S. territories a program may or may not accept besides the 50 states and DC. */
export const US_TERRITORIES = ['PR', 'VI', 'GU', 'AS', 'MP'] as const;
export type UsTerritory = (typeof US_TERRITORIES)[number];

export interface ProgramMedication {
  /** Brand name as the maker spells it, without ® or ™ ("Trelegy Ellipta"). */
  brand: string;
  /** Nonproprietary name ("fluticasone furoate/umeclidinium/vilanterol"). */
  generic: string;
  area: TherapeuticArea;
}

/**
 * Whether people with one kind of coverage may apply.
 * `allowed: null` means the source does not say (or we could not read it): screening answers NEEDS_REVIEW.
 * `condition` is an extra requirement we cannot check from the intake facts (e.g. "spent 3% of income on
 * prescriptions this year"); an allowed rule with a condition also makes screening answer NEEDS_REVIEW.
 */
export interface InsuranceRule {
  allowed: boolean | null;
  condition?: string;
}

export interface ProgramInsuranceRules {
  uninsured: InsuranceRule;
  medicarePartD: InsuranceRule;
  medicaid: InsuranceRule;
  /** Employer, marketplace and other private/commercial plans. */
  commercial: InsuranceRule;
}

export interface ProgramResidency {
  /** true when the program serves U.S. residents only; null when the source does not say. */
  usResidencyRequired: boolean | null;
  /** Territories the source names as accepted ([] = none); null when the source does not say. */
  acceptedTerritories: readonly UsTerritory[] | null;
  /** The residency wording of the source, shortened. */
  description: string;
}

export interface ProgramDocument {
  kind: ProgramDocumentKind;
  label: string;
}

export interface SourceRef {
  url: string;
  /** ISO date (YYYY-MM-DD) the page was read, or the date the stored page itself shows. */
  checkedOn: string;
}

export interface SupportingSource extends SourceRef {
  /** Which facts of the entry come from this page. */
  usedFor: string;
}

export interface PapProgram {
  /** kebab-case, unique in the catalogue. */
  id: string;
  name: string;
  manufacturer: string;
  medications: readonly ProgramMedication[];
  /** The program's own site; null when no page of it was read. */
  website: string | null;
  /**
   * Household income limit as a percentage of the HHS poverty guideline; null when the program publishes none or
   * we could not verify one. Income exactly at the limit is within it.
   */
  incomeLimitFplPercent: number | null;
  /** How the limit was read or why it is null. */
  incomeLimitNote: string;
  insurance: ProgramInsuranceRules;
  residency: ProgramResidency;
  documents: readonly ProgramDocument[];
  /** How long one approval lasts, in months; null when not published. */
  enrollmentMonths: number | null;
  /** Postal address for the application packet; null when the program publishes none (or asks for fax/online). */
  sendTo: string | null;
  /** The page the eligibility facts were read from. */
  source: SourceRef;
  /** Further pages read for some facts (medication lists, addresses). */
  otherSources: readonly SupportingSource[];
}
