import { i18n } from '@/lib/i18n';

// The record's fixed choices in the active language (docs/product.md §6); the values saved stay the
// English ones of libs/contracts (SPECIALTIES, FREQUENCIES), which are also their English labels.

export function specialtyLabel(specialty: string): string {
  switch (specialty) {
    case 'Primary Care':
      return i18n._('records.specialty.primaryCare');
    case 'Cardiology':
      return i18n._('records.specialty.cardiology');
    case 'Dermatology':
      return i18n._('records.specialty.dermatology');
    case 'Endocrinology':
      return i18n._('records.specialty.endocrinology');
    case 'Gastroenterology':
      return i18n._('records.specialty.gastroenterology');
    case 'Neurology':
      return i18n._('records.specialty.neurology');
    case 'Oncology':
      return i18n._('records.specialty.oncology');
    case 'Orthopedics':
      return i18n._('records.specialty.orthopedics');
    case 'Pediatrics':
      return i18n._('records.specialty.pediatrics');
    case 'Psychiatry':
      return i18n._('records.specialty.psychiatry');
    case 'Pulmonology':
      return i18n._('records.specialty.pulmonology');
    case 'Rheumatology':
      return i18n._('records.specialty.rheumatology');
    case 'Urology':
      return i18n._('records.specialty.urology');
    case 'Other':
      return i18n._('records.specialty.other');
    default:
      return specialty;
  }
}

export function frequencyLabel(frequency: string): string {
  switch (frequency) {
    case 'Once daily':
      return i18n._('records.frequency.onceDaily');
    case 'Twice daily':
      return i18n._('records.frequency.twiceDaily');
    case 'Three times daily':
      return i18n._('records.frequency.threeTimesDaily');
    case 'Four times daily':
      return i18n._('records.frequency.fourTimesDaily');
    case 'Every other day':
      return i18n._('records.frequency.everyOtherDay');
    case 'Weekly':
      return i18n._('records.frequency.weekly');
    case 'As needed':
      return i18n._('records.frequency.asNeeded');
    case 'Other':
      return i18n._('records.frequency.other');
    default:
      return frequency;
  }
}
