import { useLingui } from '@lingui/react';
import { InputField, SelectField } from '@/components/ui/form';
import { stateOptions } from '@/lib/eligibility-form';
import { usePersonOptions } from '@/lib/person-options';
import { grid, type F } from './step-parts';

export function PersonalDetailsStep() {
  const { _ } = useLingui();
  const { genders, maritalStatuses } = usePersonOptions();
  return (
    <div className={grid}>
      <SelectField<F> name="gender" label={_('person.gender')} options={genders} required />
      <SelectField<F> name="maritalStatus" label={_('person.maritalStatus')} options={maritalStatuses} required />
      <InputField<F>
        name="mailingStreet"
        label={_('person.street')}
        autoComplete="address-line1"
        required
        className="sm:col-span-2"
      />
      <InputField<F> name="mailingCity" label={_('person.city')} autoComplete="address-level2" required />
      <div className="grid grid-cols-2 gap-4">
        <SelectField<F>
          name="mailingState"
          label={_('person.state')}
          options={stateOptions()}
          placeholder="--"
          required
        />
        <InputField<F>
          name="mailingZip"
          label={_('person.zip')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          required
        />
      </div>
    </div>
  );
}
