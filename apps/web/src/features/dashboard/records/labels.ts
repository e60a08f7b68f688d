import { i18n } from '@/lib/i18n';

// The record's fixed choices in the active language (docs/product.md §6); the values saved stay the
// English ones of libs/contracts (SPECIALTIES, FREQUENCIES), which are also their English labels.

export function specialtyLabel(specialty: string): string {
  switch (specialty) {
    case 'Primary Care':
      return i18n._('dashboard.records.specialty.primaryCare');
    case 'Cardiology':
      return i18n._('dashboard.records.specialty.cardiology');
    case 'Dermatology':
      return i18n._('dashboard.records.specialty.dermatology');
    case 'Endocrinology':
      return i18n._('dashboard.records.specialty.endocrinology');
    case 'Gastroenterology':
      return i18n._('dashboard.records.specialty.gastroenterology');
    case 'Neurology':
      return i18n._('dashboard.records.specialty.neurology');
    case 'Oncology':
      return i18n._('dashboard.records.specialty.oncology');
    case 'Orthopedics':
      return i18n._('dashboard.records.specialty.orthopedics');
    case 'Pediatrics':
      return i18n._('dashboard.records.specialty.pediatrics');
    case 'Psychiatry':
      return i18n._('dashboard.records.specialty.psychiatry');
    case 'Pulmonology':
      return i18n._('dashboard.records.specialty.pulmonology');
    case 'Rheumatology':
      return i18n._('dashboard.records.specialty.rheumatology');
    case 'Urology':
      return i18n._('dashboard.records.specialty.urology');
    case 'Other':
      return i18n._('dashboard.records.specialty.other');
    default:
      return specialty;
  }
}

export function frequencyLabel(frequency: string): string {
  switch (frequency) {
    case 'Once daily':
      return i18n._('dashboard.records.frequency.onceDaily');
    case 'Twice daily':
      return i18n._('dashboard.records.frequency.twiceDaily');
    case 'Three times daily':
      return i18n._('dashboard.records.frequency.threeTimesDaily');
    case 'Four times daily':
      return i18n._('dashboard.records.frequency.fourTimesDaily');
    case 'Every other day':
      return i18n._('dashboard.records.frequency.everyOtherDay');
    case 'Weekly':
      return i18n._('dashboard.records.frequency.weekly');
    case 'As needed':
      return i18n._('dashboard.records.frequency.asNeeded');
    case 'Other':
      return i18n._('dashboard.records.frequency.other');
    default:
      return frequency;
  }
}

/** A plan's old coverage type (INSURANCE_TYPES), shown while its kind of plan is not answered. */
export function coverageTypeLabel(type: string): string {
  switch (type) {
    case 'Market Place':
      return i18n._('dashboard.records.coverageType.marketplace');
    case 'Employer':
      return i18n._('dashboard.records.coverageType.employer');
    case 'Health Share Program':
      return i18n._('dashboard.records.coverageType.healthShare');
    case 'Commercial Insurance':
      return i18n._('dashboard.records.coverageType.commercial');
    case 'Other':
      return i18n._('dashboard.records.coverageType.other');
    default:
      return type; // Medicare, Medicaid
  }
}
