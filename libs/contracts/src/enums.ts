// Fixed lists of docs/product.md §14 Fixed lists, shared by the API, the worker and the web app.
export * from './languages';

export const ROLES = ['USER', 'NAVIGATOR', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES: readonly Role[] = ['NAVIGATOR', 'ADMIN'];

export const PLAN_TIERS = ['ONGOING_CARE', 'ENROLLMENT_ONLY', 'DIY_INSTRUCTIONS'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const SPECIALTIES = [
  'Primary Care',
  'Cardiology',
  'Dermatology',
  'Endocrinology',
  'Gastroenterology',
  'Neurology',
  'Oncology',
  'Orthopedics',
  'Pediatrics',
  'Psychiatry',
  'Pulmonology',
  'Rheumatology',
  'Urology',
  'Other',
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

export const FREQUENCIES = [
  'Once daily',
  'Twice daily',
  'Three times daily',
  'Four times daily',
  'Every other day',
  'Weekly',
  'As needed',
  'Other',
] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const INSURANCE_TYPES = [
  'Market Place',
  'Employer',
  'Medicare',
  'Medicaid',
  'Health Share Program',
  'Commercial Insurance',
  'Other',
] as const;
export type InsuranceType = (typeof INSURANCE_TYPES)[number];

/**
 * What kind of drug coverage an insurance record is (docs/product.md §15): asked of the patient, never implied by the
 * carrier. Medicare, Medicaid, VA/TRICARE and IHS coverage are federal programs: copay cards are never offered to them.
 */
export const DRUG_COVERAGES = [
  'NONE',
  'EMPLOYER',
  'MARKETPLACE',
  'MEDICARE_PART_D',
  'MEDICARE_ADVANTAGE_WITH_DRUGS',
  'MEDICARE_WITHOUT_DRUGS',
  'MEDICAID',
  'VA_TRICARE',
  'INDIAN_HEALTH_SERVICE',
  'OTHER',
] as const;
export type DrugCoverage = (typeof DRUG_COVERAGES)[number];

/** Providers a patient picks from (docs/product.md §14 Fixed lists), with the coverage type each implies. */
export const INSURANCE_PROVIDERS = [
  { name: 'Aetna', coverageType: 'Commercial Insurance' },
  { name: 'Anthem', coverageType: 'Commercial Insurance' },
  { name: 'Blue Cross Blue Shield', coverageType: 'Commercial Insurance' },
  { name: 'Cigna', coverageType: 'Commercial Insurance' },
  { name: 'Humana', coverageType: 'Commercial Insurance' },
  { name: 'Kaiser Permanente', coverageType: 'Commercial Insurance' },
  { name: 'UnitedHealthcare', coverageType: 'Commercial Insurance' },
  { name: 'Medicare', coverageType: 'Medicare' },
  { name: 'Medicaid', coverageType: 'Medicaid' },
  { name: 'Tricare', coverageType: 'Other' },
  { name: 'Other', coverageType: 'Other' },
] as const satisfies readonly { name: string; coverageType: InsuranceType }[];
export const INSURANCE_PROVIDER_NAMES = INSURANCE_PROVIDERS.map((p) => p.name) as [string, ...string[]];

/** Gender: the signup wizard shows labels, the profile form uses values; the server stores values. */
export const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
] as const;
export type Gender = (typeof GENDERS)[number]['value'];

export const MARITAL_STATUSES = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married' },
  { value: 'divorced', label: 'Divorced' },
  { value: 'widowed', label: 'Widowed' },
  { value: 'separated', label: 'Separated' },
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number]['value'];

export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export type UsState = (typeof US_STATES)[number];

export const SUBSCRIPTION_STATUSES = [
  'PENDING_PAYMENT',
  'PENDING_CHARGE',
  'ACTIVE',
  'PAST_DUE',
  'CANCELLED',
  'UNPAID',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_STATUSES = ['SUCCEEDED', 'FAILED', 'PENDING'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const APPLICATION_STATES = [
  'INTAKE',
  'AWAITING_DOCUMENTS',
  'AWAITING_PRESCRIBER',
  'SUBMITTED',
  'INFO_REQUESTED',
  'APPROVED',
  'DENIED',
  'SHIPMENT_SCHEDULED',
  'DELIVERED',
  'REFILL_DUE',
  'RENEWAL_DUE',
  'CLOSED',
  'CANCELLED',
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** Accepts a stored value or its display label ("Prefer not to say" -> "prefer-not-to-say"). */
export function toOptionValue<T extends { value: string; label: string }>(
  options: readonly T[],
  input: string,
): T['value'] | undefined {
  const needle = input.trim().toLowerCase();
  return options.find((o) => o.value === needle || o.label.toLowerCase() === needle)?.value;
}

/** The client sends specialties title-cased with dashes turned into spaces ("primary-care" -> "Primary Care"). */
export function toSpecialty(input: string): Specialty | undefined {
  const normalized = input.trim().replace(/-/g, ' ').toLowerCase();
  return SPECIALTIES.find((s) => s.toLowerCase() === normalized);
}
