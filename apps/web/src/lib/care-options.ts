import { useLingui } from '@lingui/react';
import { FREQUENCIES, SPECIALTIES, type Frequency, type Specialty } from '@rxbridge/contracts';

/**
 * Doctors' specialties and how often a medication is taken, in the active language (the care
 * catalogue); the values stay the English ones of libs/contracts, which the server stores.
 */
export function useCareOptions() {
  const { _ } = useLingui();
  const specialty: Record<Specialty, string> = {
    'Primary Care': _('care.specialty.primaryCare'),
    Cardiology: _('care.specialty.cardiology'),
    Dermatology: _('care.specialty.dermatology'),
    Endocrinology: _('care.specialty.endocrinology'),
    Gastroenterology: _('care.specialty.gastroenterology'),
    Neurology: _('care.specialty.neurology'),
    Oncology: _('care.specialty.oncology'),
    Orthopedics: _('care.specialty.orthopedics'),
    Pediatrics: _('care.specialty.pediatrics'),
    Psychiatry: _('care.specialty.psychiatry'),
    Pulmonology: _('care.specialty.pulmonology'),
    Rheumatology: _('care.specialty.rheumatology'),
    Urology: _('care.specialty.urology'),
    Other: _('care.specialty.other'),
  };
  const frequency: Record<Frequency, string> = {
    'Once daily': _('care.frequency.onceDaily'),
    'Twice daily': _('care.frequency.twiceDaily'),
    'Three times daily': _('care.frequency.threeTimesDaily'),
    'Four times daily': _('care.frequency.fourTimesDaily'),
    'Every other day': _('care.frequency.everyOtherDay'),
    Weekly: _('care.frequency.weekly'),
    'As needed': _('care.frequency.asNeeded'),
    Other: _('care.frequency.other'),
  };
  return {
    specialties: SPECIALTIES.map((value) => ({ value, label: specialty[value] })),
    frequencies: FREQUENCIES.map((value) => ({ value, label: frequency[value] })),
    /** An added item's stored value, shown in the active language. */
    specialtyLabel: (value: string) => specialty[value as Specialty] ?? value,
    frequencyLabel: (value: string) => frequency[value as Frequency] ?? value,
  };
}
