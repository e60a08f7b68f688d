import { useLingui } from '@lingui/react';
import { GENDERS, MARITAL_STATUSES, type Gender, type MaritalStatus } from '@rxbridge/contracts';

/**
 * The choices of the signup wizard and the profile in the active language (the person catalogue);
 * the values stay those of libs/contracts, which the server stores.
 */
export function usePersonOptions() {
  const { _ } = useLingui();
  const gender: Record<Gender, string> = {
    male: _('person.gender.male'),
    female: _('person.gender.female'),
    other: _('person.gender.other'),
    'prefer-not-to-say': _('person.preferNotToSay'),
  };
  const marital: Record<MaritalStatus, string> = {
    single: _('person.marital.single'),
    married: _('person.marital.married'),
    divorced: _('person.marital.divorced'),
    widowed: _('person.marital.widowed'),
    separated: _('person.marital.separated'),
    'prefer-not-to-say': _('person.preferNotToSay'),
  };
  return {
    genders: GENDERS.map(({ value }) => ({ value, label: gender[value] })),
    maritalStatuses: MARITAL_STATUSES.map(({ value }) => ({ value, label: marital[value] })),
  };
}
