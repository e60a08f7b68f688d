import { GENDERS, MARITAL_STATUSES } from '@rxbridge/contracts';
import { InputField, SelectField } from '@/components/ui/form';
import { STATE_OPTIONS } from '@/lib/eligibility-form';
import { grid, type F } from './step-parts';

export function PersonalDetailsStep() {
  return (
    <div className={grid}>
      <SelectField<F> name="gender" label="Gender" options={GENDERS} required />
      <SelectField<F> name="maritalStatus" label="Marital status" options={MARITAL_STATUSES} required />
      <InputField<F>
        name="mailingStreet"
        label="Street address"
        autoComplete="address-line1"
        required
        className="sm:col-span-2"
      />
      <InputField<F> name="mailingCity" label="City" autoComplete="address-level2" required />
      <div className="grid grid-cols-2 gap-4">
        <SelectField<F> name="mailingState" label="State" options={STATE_OPTIONS} placeholder="--" required />
        <InputField<F>
          name="mailingZip"
          label="ZIP"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          required
        />
      </div>
    </div>
  );
}
