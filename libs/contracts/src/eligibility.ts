// Programs and eligibility (docs/product.md §15 Programs and eligibility): the public catalogue view, the landing
// page's eligibility check, the patient's eligibility facts and the navigator's program override. Shared with the
// web app: no node modules here. The screening itself lives in libs/domain (screenEligibility), one copy only.
import { z } from 'zod';
import { INSURANCE_TYPES } from './enums';
import { PRESCRIBER_FIELDS, SHIP_TO_CHOICES } from './program-requirements';
import { RESIDENCE_STATES } from './residence';
import { isoDay } from './fields';
import { drugCoverageField, extraHelpField, outOfPocketCentsField } from './coverage';
import {
  CATALOGUE_KIND_VALUES,
  ROUTE_MESSAGES,
  copayCardViewSchema,
  foundationViewSchema,
  routeSchema,
} from './routes';

/** Texts of the program and eligibility endpoints (docs/product.md §12 Messages). */
export const ELIGIBILITY_MESSAGES = {
  noProgram: 'No program in our catalogue covers this medication yet; a care navigator can research it for you.',
  /** The check's message when a copay card or foundation of the catalogue is among the routes (§15). */
  noMakerProgram:
    "No drug maker's free-medicine program in our catalogue covers this medication yet; the other routes shown " +
    'may help, and a care navigator can research more for you.',
  medicationRequired: 'Please enter a medication',
  medicationTooLong: 'Medication must be at most 200 characters',
  medicationInvalid: 'Medication must be plain text',
  householdSize: 'Household size must be a whole number from 1 to 20',
  annualIncome: 'Yearly income must be a whole number of cents, 0 or more',
  annualIncomeTooHigh: 'Yearly income must be at most $10,000,000',
  state: 'Please choose a US state, DC or territory (two-letter code)',
  insuranceType: `Insurance must be one of: ${[...INSURANCE_TYPES, 'None'].join(', ')}`,
  chooseProgram: 'Please choose a program from the catalogue',
  programNotFound: 'No program in our catalogue has this id',
  factsSaved: 'Your eligibility details have been saved',
  programSet: (name: string) => `Program set to ${name}`,
  searchNotText: 'search must be text',
  searchTooLong: 'search must be at most 200 characters',
  searchInvalid: 'search must be plain text',
} as const;

/** The verdicts of libs/domain's screenEligibility. */
export const SCREENING_VERDICT_VALUES = ['LIKELY_ELIGIBLE', 'NOT_ELIGIBLE', 'NEEDS_REVIEW'] as const;
export type ScreeningVerdictValue = (typeof SCREENING_VERDICT_VALUES)[number];
/**
 * An application's verdict: a screening verdict, or NO_PROGRAM while it has no program: none in the catalogue covers its
 * medication, or several cover it as well and a navigator picks (its reason says which, docs/product.md §15).
 */
export const APPLICATION_VERDICTS = [...SCREENING_VERDICT_VALUES, 'NO_PROGRAM'] as const;
export type ApplicationVerdict = (typeof APPLICATION_VERDICTS)[number];

/** Insurance as the check takes it: one of the intake insurance types, or None for no insurance. */
export const ELIGIBILITY_INSURANCE_TYPES = [...INSURANCE_TYPES, 'None'] as const;
export type EligibilityInsuranceType = (typeof ELIGIBILITY_INSURANCE_TYPES)[number];

/** Where the check screens: the 50 states, DC and the territories. */
export const ELIGIBILITY_STATES = RESIDENCE_STATES;
export type EligibilityState = (typeof ELIGIBILITY_STATES)[number];

export const MAX_HOUSEHOLD_SIZE_INPUT = 20;
/** Ten million dollars a year: beyond that an income is a typing mistake, and cents stay a safe integer. */
export const MAX_ANNUAL_INCOME_CENTS = 1_000_000_000;

// Strict numbers: no coercion, so "3" or [3] is a 400 naming the field (docs/product.md §15).
const householdSize = z
  .number({ error: ELIGIBILITY_MESSAGES.householdSize })
  .int(ELIGIBILITY_MESSAGES.householdSize)
  .min(1, ELIGIBILITY_MESSAGES.householdSize)
  .max(MAX_HOUSEHOLD_SIZE_INPUT, ELIGIBILITY_MESSAGES.householdSize);
const annualIncomeCents = z
  .number({ error: ELIGIBILITY_MESSAGES.annualIncome })
  .int(ELIGIBILITY_MESSAGES.annualIncome)
  .min(0, ELIGIBILITY_MESSAGES.annualIncome)
  .max(MAX_ANNUAL_INCOME_CENTS, ELIGIBILITY_MESSAGES.annualIncomeTooHigh);

/** Printable text only: NUL and other control characters are refused, never stored or matched. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const medication = z
  .string({ error: ELIGIBILITY_MESSAGES.medicationRequired })
  .refine((v) => !CONTROL_CHARACTERS.test(v), ELIGIBILITY_MESSAGES.medicationInvalid)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, ELIGIBILITY_MESSAGES.medicationRequired).max(200, ELIGIBILITY_MESSAGES.medicationTooLong));
const state = z
  .string({ error: ELIGIBILITY_MESSAGES.state })
  .trim()
  .toUpperCase()
  .pipe(z.enum(ELIGIBILITY_STATES, { error: ELIGIBILITY_MESSAGES.state }));
const insuranceType = z.enum(ELIGIBILITY_INSURANCE_TYPES, { error: ELIGIBILITY_MESSAGES.insuranceType });

/**
 * POST /eligibility/check (public): screen one household for one medication against every route (docs/product.md
 * §19). drugCoverage says what kind of plan it is; a body with only the old insuranceType is still accepted.
 */
export const eligibilityCheckSchema = z
  .object({
    medication,
    householdSize,
    annualIncomeCents,
    state,
    insuranceType: insuranceType.optional(),
    drugCoverage: drugCoverageField.unwrap().optional(),
    extraHelp: extraHelpField.optional(),
    outOfPocketCents: outOfPocketCentsField.optional(),
  })
  // Checked even when other fields fail, so an empty body names every missing field.
  .refine((v) => v.insuranceType !== undefined || v.drugCoverage !== undefined, {
    path: ['drugCoverage'],
    message: ROUTE_MESSAGES.coverageRequired,
    when: ({ value }) => {
      const v = value as { insuranceType?: unknown; drugCoverage?: unknown } | null;
      return typeof v === 'object' && v !== null && v.insuranceType === undefined && v.drugCoverage === undefined;
    },
  });
export type EligibilityCheckRequest = z.input<typeof eligibilityCheckSchema>;
export type EligibilityCheckPayload = z.output<typeof eligibilityCheckSchema>;

/** PUT /users/eligibility: the signed-in patient's household facts (insurance and state come from their records). */
export const eligibilityFactsSchema = z.object({ householdSize, annualIncomeCents });
export type EligibilityFactsRequest = z.input<typeof eligibilityFactsSchema>;
export type EligibilityFactsPayload = z.output<typeof eligibilityFactsSchema>;

/** PUT /admin/applications/{id}/program: a navigator sets the program an application goes to. */
export const programOverrideSchema = z.object({
  programId: z
    .string({ error: ELIGIBILITY_MESSAGES.chooseProgram })
    .trim()
    .min(1, ELIGIBILITY_MESSAGES.chooseProgram)
    .max(100, ELIGIBILITY_MESSAGES.chooseProgram),
  /**
   * The program the navigator saw set (null: none). When given and another is set now (a colleague's choice), the
   * change is refused (409) and nothing changes.
   */
  fromProgramId: z.string().max(100).nullable().optional(),
});
export type ProgramOverrideRequest = z.input<typeof programOverrideSchema>;
export type ProgramOverridePayload = z.output<typeof programOverrideSchema>;

/** GET /programs?search=: matches program name, manufacturer, brand or generic names, case-insensitively. */
export const programsQuerySchema = z.object({
  kind: z.enum(CATALOGUE_KIND_VALUES, { error: ROUTE_MESSAGES.kind }).optional(),
  search: z
    .string({ error: ELIGIBILITY_MESSAGES.searchNotText })
    .trim()
    .max(200, ELIGIBILITY_MESSAGES.searchTooLong)
    .refine((v) => !CONTROL_CHARACTERS.test(v), ELIGIBILITY_MESSAGES.searchInvalid)
    .optional()
    .transform((v) => v || undefined),
});
export type ProgramsQuery = z.output<typeof programsQuerySchema>;

// Answers.

const requiredDocument = z.object({ kind: z.string(), label: z.string() });

/** A manufacturer program as everyone may see it (GET /programs, GET /programs/{id}). */
export const programViewSchema = z.object({
  kind: z.literal('PAP'),
  id: z.string(),
  name: z.string(),
  /** The maker (the same as manufacturer, which PAP views keep). */
  sponsor: z.string(),
  manufacturer: z.string(),
  medications: z.array(z.object({ brand: z.string(), generic: z.string() })),
  website: z.string().nullable(),
  /**
   * Household income limit as a percentage of the latest poverty guideline, as screening compares it; null when none
   * is published or verified, or when the limit is published in dollars (incomeLimitDollars, docs/product.md §15).
   */
  incomeLimitFplPercent: z.number().nullable(),
  /**
   * The limit in the dollars the sponsor publishes, which screening compares income with; fplPercent and
   * guidelineYear say which older guideline's percentage they equal (null: none). Null when not published in dollars.
   */
  incomeLimitDollars: z
    .object({
      byHouseholdSize: z.array(z.object({ householdSize: z.number().int(), cents: z.number().int() })),
      perExtraPersonCents: z.number().int().nullable(),
      fplPercent: z.number().nullable(),
      guidelineYear: z.number().int().nullable(),
      /** States the table leaves out: their residents call the program for their limit (screened as review). */
      statesNotCovered: z.array(z.string()),
    })
    .nullable(),
  requiredDocuments: z.array(requiredDocument),
  /** What the program's application requires and where it goes (null: the program's source does not say). */
  application: z.object({
    patientSignature: z.boolean().nullable(),
    hipaaAuthorization: z.boolean().nullable(),
    eSignatureAccepted: z.boolean().nullable(),
    prescriberFields: z.array(z.enum(PRESCRIBER_FIELDS)),
    shipTo: z.array(z.enum(SHIP_TO_CHOICES)),
    submitTo: z.object({ fax: z.string().nullable(), mail: z.string().nullable(), portalUrl: z.string().nullable() }),
  }),
  /** How long one approval lasts. */
  enrollment: z.object({ months: z.number().nullable(), endsDecember31: z.boolean().nullable() }),
  source: z.object({ url: z.string(), checkedOn: isoDay }),
});
export type ProgramView = z.infer<typeof programViewSchema>;
/** Any catalogue entry's view, told apart by kind (docs/product.md §19). */
export const catalogueEntryViewSchema = z.discriminatedUnion('kind', [
  programViewSchema,
  copayCardViewSchema,
  foundationViewSchema,
]);
export type CatalogueEntryView = z.infer<typeof catalogueEntryViewSchema>;
/** data of GET /programs. */
export const programsAnswerSchema = z.object({ programs: z.array(catalogueEntryViewSchema) });
export type ProgramsAnswer = z.infer<typeof programsAnswerSchema>;
/** data of GET /programs/{id}. */
export const programAnswerSchema = z.object({ program: catalogueEntryViewSchema });
export type ProgramAnswer = z.infer<typeof programAnswerSchema>;

/** A program named on a result, an application or the navigator console. */
export const programRefSchema = z.object({ id: z.string(), name: z.string(), manufacturer: z.string() });
export type ProgramRef = z.infer<typeof programRefSchema>;

export const eligibilityCheckResultSchema = z.object({
  program: programRefSchema,
  verdict: z.enum(SCREENING_VERDICT_VALUES),
  /** Sentences a person can read, in the order the checks ran. */
  reasons: z.array(z.string()),
});
export type EligibilityCheckResult = z.infer<typeof eligibilityCheckResultSchema>;
/** data of POST /eligibility/check; results is [] (and the envelope's message is noProgram) when nothing matches. */
export const eligibilityCheckAnswerSchema = z.object({
  /** Income as a percentage of the poverty guideline (one decimal, truncated). */
  fplPercent: z.number(),
  /** The guideline for this household size and state, in cents. */
  povertyGuidelineCents: z.number().int(),
  results: z.array(eligibilityCheckResultSchema),
  /** Every route for the patient, best first (docs/product.md §19). */
  routes: z.array(routeSchema),
});
export type EligibilityCheckAnswer = z.infer<typeof eligibilityCheckAnswerSchema>;

/** The patient's facts; null fields until they first save them. */
export const eligibilityFactsViewSchema = z.object({
  householdSize: z.number().int().nullable(),
  annualIncomeCents: z.number().int().nullable(),
});
export type EligibilityFacts = z.infer<typeof eligibilityFactsViewSchema>;
/** data of GET and PUT /users/eligibility. */
export const eligibilityFactsAnswerSchema = z.object({ eligibility: eligibilityFactsViewSchema });
export type EligibilityFactsAnswer = z.infer<typeof eligibilityFactsAnswerSchema>;

/**
 * An application's screening, computed when it is read from the patient's current facts (docs/architecture.md §14):
 * NO_PROGRAM (with a reason) while no program is set (none covers the medication, or several do); NEEDS_REVIEW with a reason asking for them
 * until the patient has saved their household facts. The server always fills it; null is kept for older clients.
 */
export const applicationEligibilitySchema = z.object({
  verdict: z.enum(APPLICATION_VERDICTS),
  reasons: z.array(z.string()),
  fplPercent: z.number().nullable(),
});
export type ApplicationEligibility = z.infer<typeof applicationEligibilitySchema>;
