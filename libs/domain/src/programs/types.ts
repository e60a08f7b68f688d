// Shapes of the Patient Assistance Program catalogue. Plain data: every fact in a catalogue entry was read on a
// public page named in that entry's `source` or `otherSources`; a fact nobody could verify is null, never a guess.
import type { DrugCoverage, PrescriberField, ShipToChoice } from '@rxbridge/contracts';
export { PRESCRIBER_FIELDS, SHIP_TO_CHOICES, type PrescriberField, type ShipToChoice } from '@rxbridge/contracts';

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

/** A rule only some programs publish, with the page it was read on beside it (docs/product.md §15). */
export interface SourcedInsuranceRule extends InsuranceRule {
  source: SourceRef;
}

export interface ProgramInsuranceRules {
  uninsured: InsuranceRule;
  medicarePartD: InsuranceRule;
  medicaid: InsuranceRule;
  /** Employer, marketplace and other private/commercial plans. */
  commercial: InsuranceRule;
  /** Medicare without a drug plan (Parts A and B only); absent: screened as no drug coverage (§15). */
  medicareWithoutDrugs?: SourcedInsuranceRule;
  /** VA or TRICARE coverage; absent: the program publishes no rule, so it needs review (§15). */
  vaTricare?: SourcedInsuranceRule;
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
  /** Whom the program asks it of, as its own wording says; absent: everyone. */
  only?: DocumentCondition;
}

/**
 * Who is asked for a document, restating the program's wording ("Medicare Part D only", "Age 65 and over",
 * "Puerto Rico only"). A checklist asks it of a patient who matches every part given, or whose fact for a
 * part is not known (docs/product.md §15).
 */
export interface DocumentCondition {
  /** The kinds of plan of the patient's newest insurance record it is asked with. */
  drugCoverage?: readonly DrugCoverage[];
  /** Asked from this age on, in whole years. */
  minAge?: number;
  /** Asked of patients whose mailing state is one of these (two letters). */
  states?: readonly string[];
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

/** Yearly income limits a sponsor publishes in dollars, filled only from figures its page quotes. */
export interface IncomeLimitDollars {
  /** The limit for each household size the page lists, in cents. */
  byHouseholdSize: readonly { householdSize: number; cents: number }[];
  /** What the page adds per further person, in cents; null when it publishes no such figure. */
  perExtraPersonCents: number | null;
  /**
   * The year of the HHS guideline these dollars are exactly incomeLimitFplPercent of, as incomeLimitNote says; null
   * when they are no percentage of a guideline. Shown beside the dollars, never used to screen (docs/product.md §15).
   */
  guidelineYear: number | null;
  /**
   * States the page's table leaves out, sending their residents to call the program for their limit (Merck: "For
   * income limits in Alaska and Hawaii, please call"); [] when the page names none. The income check there needs
   * review, never the table's dollars (docs/product.md §15).
   */
  statesNotCovered: readonly string[];
}

export interface PapProgram {
  kind: 'PAP';
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
  /**
   * The limit in the dollars the sponsor publishes, when it publishes dollars: screening compares income with these,
   * not with a percentage of a newer guideline (docs/product.md §15). Absent or null: the percentage decides.
   */
  incomeLimitDollars?: IncomeLimitDollars | null;
  insurance: ProgramInsuranceRules;
  residency: ProgramResidency;
  documents: readonly ProgramDocument[];
  /** What the program's application asks for and where it goes (docs/product.md §15). */
  application: ProgramApplicationRequirements;
  /** How long one approval lasts. */
  enrollment: ProgramEnrollment;
  /** The page the eligibility facts were read from. */
  source: SourceRef;
  /** Further pages read for some facts (medication lists, addresses). */
  otherSources: readonly SupportingSource[];
}

/**
 * What a program's own application form requires, read on its current form or pages (each fact null when the
 * source does not say). `submitTo.fax` is E.164 ("+18005551234"); `mail` is the postal address for the packet.
 */
export interface ProgramApplicationRequirements {
  patientSignature: boolean | null;
  hipaaAuthorization: boolean | null;
  eSignatureAccepted: boolean | null;
  /** [] when the source does not say. */
  prescriberFields: readonly PrescriberField[];
  /** [] when the source does not say. */
  shipTo: readonly ShipToChoice[];
  submitTo: { fax: string | null; mail: string | null; portalUrl: string | null };
}

export interface ProgramEnrollment {
  /** Months one approval lasts; null when not published. */
  months: number | null;
  /** true when every enrollment ends on December 31 of its year; null when not published. */
  endsDecember31: boolean | null;
}

/** The kinds of route a catalogue entry offers: a maker's free-medicine program, its copay card, or a charity. */
export const CATALOGUE_KINDS = ['PAP', 'COPAY_CARD', 'FOUNDATION'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** A maker's savings (copay) card: lowers what a commercially insured patient pays at the pharmacy. */
export interface CopayCardProgram {
  kind: 'COPAY_CARD';
  /** kebab-case, unique in the catalogue. */
  id: string;
  name: string;
  /** The maker offering the card. */
  sponsor: string;
  medications: readonly ProgramMedication[];
  website: string | null;
  /** Coverage kinds that may use the card (never a federal program: the anti-kickback rule). */
  eligibleCoverage: readonly DrugCoverage[];
  /** Who may use it, as the card's terms say, shortened. */
  terms: string;
  /** The "pay as little as" amount per fill, in cents; null when unpublished. */
  payAsLittleAsCents: number | null;
  /** The most the card pays in a year, in cents; null when unpublished. */
  yearlyCapCents: number | null;
  /**
   * The last day of the card's terms as read on its page (ISO date: "Card expires and savings end on 12/31/2025");
   * null when the page gives none or the terms renew each year by themselves. Once it has passed, the card needs a
   * navigator's review: newer terms could not be read (docs/product.md §19).
   */
  termsEndOn: string | null;
  source: SourceRef;
  otherSources: readonly SupportingSource[];
}

/** Whether a foundation's disease fund was taking applications when last seen. */
export const FUND_STATUSES = ['OPEN', 'CLOSED', 'WAITLIST'] as const;
export type FundStatus = (typeof FUND_STATUSES)[number];

export interface FoundationFund {
  /** kebab-case, unique within its foundation. */
  id: string;
  name: string;
  /** The catalogue's therapeutic areas the fund serves. */
  areas: readonly TherapeuticArea[];
  /** Brands the fund names (may be empty: the fund covers its disease's medications). */
  medications: readonly string[];
  /**
   * True when the fund serves its whole therapeutic area (its disease is the area's: Diabetes, HIV); false when it
   * names one diagnosis within it (Type 2 Diabetes, Breast cancer), which the medication alone cannot tell, so a
   * fund matched by area asks the patient's diagnosis to be checked (docs/product.md §19).
   */
  wholeArea: boolean;
  /** The fund's own page limits it to Medicare patients. */
  medicareOnly?: true;
  /** Household income limit as a percentage of the poverty guideline; null when unpublished. */
  incomeLimitFplPercent: number | null;
  /** Status when last seen on the foundation's page, and that day (YYYY-MM-DD). */
  status: FundStatus;
  statusSeenOn: string;
  source: SourceRef;
}

/** An independent charitable foundation whose disease funds help insured patients (Medicare included) pay. */
export interface FoundationProgram {
  kind: 'FOUNDATION';
  id: string;
  name: string;
  sponsor: string;
  website: string | null;
  funds: readonly FoundationFund[];
  source: SourceRef;
  otherSources: readonly SupportingSource[];
}

export type CatalogueEntry = PapProgram | CopayCardProgram | FoundationProgram;
